"""A headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe):
open a page, run script in it, wait for what it shows, and collect its console errors.
For tools/view-check; standard library only."""
import fcntl
import json
import os
import subprocess
import time


class Browser:
    def __init__(self, offline=False):
        # Chromium reads commands from fd 3 and writes replies to fd 4, each JSON ending in NUL.
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def descriptors():
            # Out of the way first, so that neither end lands on the other's number.
            reads, writes = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10), fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
            os.dup2(reads, 3)
            os.dup2(writes, 4)
        command = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                   "--remote-debugging-pipe", "--window-size=1150,1300", "about:blank"]
        if offline:
            # A network namespace of its own: no network at all, loopback down.
            command = ["unshare", "--net"] + command
        self._process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=descriptors)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self.errors = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self._session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(domain + ".enable", session=True)

    def _send(self, message):
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")

    def _receive(self):
        while b"\0" not in self._buffer:
            chunk = os.read(self._from_browser, 65536)
            if not chunk:
                raise RuntimeError("chromium closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        message = json.loads(message)
        params = message.get("params", {})
        if message.get("method") == "Runtime.exceptionThrown":
            self.errors.append(params["exceptionDetails"].get("text", "") + " " +
                               str(params["exceptionDetails"].get("exception", {}).get("description", "")))
        elif message.get("method") == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            self.errors.append("console: " + " ".join(str(a.get("value", a.get("description", ""))) for a in params["args"]))
        elif message.get("method") == "Log.entryAdded" and params["entry"]["level"] == "error":
            self.errors.append("log: " + params["entry"]["text"] + " " + params["entry"].get("url", ""))
        return message

    def call(self, method, params=None, session=False):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self._session
        self._send(message)
        while True:
            reply = self._receive()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(method + ": " + reply["error"]["message"])
                return reply["result"]

    def open(self, url):
        self.call("Page.navigate", {"url": url}, session=True)

    def run(self, script):
        """The value of `script` (an expression) in the page."""
        result = self.call("Runtime.evaluate", {"expression": script, "returnByValue": True, "awaitPromise": True}, session=True)
        if "exceptionDetails" in result:
            raise RuntimeError(script + ": " + str(result["exceptionDetails"].get("exception", {}).get("description")))
        return result["result"].get("value")

    def wait(self, script, timeout=30):
        """Waits until `script` is true in the page; returns whether it became so."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                if self.run(script):
                    return True
            except RuntimeError:
                pass
            time.sleep(0.1)
        return False

    def screenshot(self, path):
        import base64
        data = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True}, session=True)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        self._process.wait(timeout=10)
