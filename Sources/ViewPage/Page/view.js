"use strict";
// TouchSynth's view: draws a timeline's frames (a report's or `touchsynth view RECORDING`'s) or
// a live stream's, and plays them. The frames come from the ViewTimeline module: each holds only
// what changed since the one before, so they are carried forward here as they arrive.
(function () {
  const root = document.getElementById("touchsynth-view");
  if (!root) return;
  const NS = "http://www.w3.org/2000/svg";
  const byId = (id) => document.getElementById(id);
  const palette = ["#1F78B4", "#33A02C", "#E31A1C", "#FF7F00", "#6A3D9A", "#B15928", "#A6CEE3", "#B2DF8A", "#FB9A99", "#FDBF6F"];
  const modes = ["compat", "indirect"];
  const padWidth = 360, screenWidth = 420;
  let scene = null;
  const frames = [];
  // Every lane change in order, and how many there were up to and including each frame.
  const changes = [];
  const changesThrough = [];
  // libinput's state machines in the order their first decision came, for the decisions table.
  const machines = [];
  let current = -1, playing = false, timer = null, live = false, following = true, coalesced = 0;

  function el(tag, attrs, parent, text) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }
  function html(tag, attrs, parent, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }
  // A value that rounds to zero from below is 0, not -0.
  const fmt = (v, d) =>
    v === null || v === undefined ? "-" : (Number(v).toFixed(d) + "").replace(/^-(0\.?0*)$/, "$1");

  function setScene(s) {
    scene = s;
    byId("view-device").textContent = s.device || "(none yet)";
    // What differs over the whole replay, in compare's words.
    const differences = byId("view-differences");
    differences.replaceChildren();
    for (const line of s.differences || []) html("li", {}, differences, line);
    differences.hidden = !(s.differences || []).length;
    // Why the recognizers that failed, and activated in neither mode, failed: compare's "why they failed".
    const failures = byId("view-failures");
    const failureList = failures.querySelector("ul");
    failureList.replaceChildren();
    for (const line of s.failures || []) html("li", {}, failureList, line);
    failures.hidden = !(s.failures || []).length;
    const pad = byId("view-pad");
    pad.replaceChildren();
    const g = s.geometry;
    const padScale = g ? padWidth / Math.max(g.width, 1) : 1;
    pad.setAttribute("width", padWidth);
    pad.setAttribute("height", g ? Math.max(g.height * padScale, 40) : 40);
    pad.dataset.scale = padScale;
    if (!g) el("text", { x: 8, y: 24, class: "label" }, pad, "no position axes: no contacts to draw");
    for (const mode of modes) {
      const screen = byId("view-screen-" + mode);
      screen.replaceChildren();
      const k = screenWidth / s.screen.width;
      screen.setAttribute("width", screenWidth);
      screen.setAttribute("height", s.screen.height * k);
      screen.dataset.scale = k;
      for (const r of s.regions) {
        el("rect", { class: "view-region", x: r.x * k, y: r.y * k, width: r.width * k, height: r.height * k }, screen);
        el("text", { class: "label", x: r.x * k + 3, y: r.y * k + 11 }, screen, r.name);
      }
      for (const r of s.pointerRegions) {
        el("rect", { class: "view-pointer-region", "data-name": r.name, x: r.x * k, y: r.y * k, width: r.width * k, height: r.height * k }, screen);
        // A style constrained to an axis holds the pointer on the region's middle line: its rail.
        if (/constrained[^,]*vertical/.test(r.style)) {
          el("line", { class: "view-rail", x1: r.x * k, x2: (r.x + r.width) * k, y1: (r.y + r.height / 2) * k, y2: (r.y + r.height / 2) * k }, screen);
        }
        if (/constrained[^,]*horizontal/.test(r.style)) {
          el("line", { class: "view-rail", x1: (r.x + r.width / 2) * k, x2: (r.x + r.width / 2) * k, y1: r.y * k, y2: (r.y + r.height) * k }, screen);
        }
      }
      el("g", { class: "dynamic" }, screen);
    }
    const body = byId("view-lanes").tBodies[0];
    body.replaceChildren();
    s.lanes.forEach((lane, index) => {
      const row = html("tr", { "data-lane": index }, body);
      html("td", {}, row, lane.name + " (" + lane.kind + ")");
      for (const mode of modes) html("td", { class: "view-lane", "data-mode": mode, "data-state": "possible" }, row, "possible");
      html("td", { class: "lane-changes" }, row);
    });
  }

  // A frame as sent, completed from the frame before it.
  function addFrame(raw) {
    const prev = frames[frames.length - 1];
    const frame = {
      i: raw.i, t: raw.t, source: raw.source, differs: raw.differs, startsDifference: raw.startsDifference === true,
      contacts: raw.contacts || (prev ? prev.contacts : []),
      libinput: raw.libinput || (prev ? prev.libinput : null),
      compat: raw.compat || (prev ? prev.compat : null),
      indirect: raw.indirect || (prev ? prev.indirect : null),
      changes: raw.changes || [],
      decisions: raw.decisions || [],
      // Each machine's last decision, carried forward; a new object only where one was made.
      machines: prev ? prev.machines : {},
    };
    if (raw.decisions) {
      frame.machines = Object.assign({}, frame.machines);
      for (const d of raw.decisions) {
        if (!machines.includes(d.machine)) machines.push(d.machine);
        frame.machines[d.machine] = d;
      }
    }
    frames.push(frame);
    for (const c of frame.changes) changes.push(Object.assign({ frame: frames.length - 1 }, c));
    changesThrough.push(changes.length);
    if (live && frames.length > liveHistory) forget(liveHistory / 4);
  }

  // Live, the page keeps the latest frames only, so that a view left open stays small.
  const liveHistory = 20000;
  function forget(count) {
    frames.splice(0, count);
    const dropped = changesThrough[count - 1];
    changes.splice(0, dropped);
    for (const c of changes) c.frame -= count;
    changesThrough.splice(0, count);
    for (let i = 0; i < changesThrough.length; i++) changesThrough[i] -= dropped;
    current = Math.max(current - count, 0);
    if (!following) draw(current);
    notice("showing the latest " + frames.length + " frames; earlier ones are forgotten");
  }

  function drawPad(frame) {
    const pad = byId("view-pad");
    pad.querySelectorAll(".contact").forEach((n) => n.remove());
    if (!scene.geometry) return;
    const k = Number(pad.dataset.scale);
    for (const c of frame.contacts) {
      const size = c.major ? (c.major * k) / 2 : 6 + 10 * (c.pressure || 0.3);
      const circle = el("circle", {
        class: "contact", cx: c.x * k, cy: c.y * k, r: Math.max(size, 4), fill: palette[c.slot % palette.length], "fill-opacity": 0.55,
        "data-slot": c.slot,
      }, pad);
      el("title", {}, circle, "slot " + c.slot + (c.pressure !== undefined ? ", pressure " + fmt(c.pressure, 2) : "") + (c.tool ? ", " + c.tool : ""));
    }
  }

  function drawLibinput(frame) {
    const list = byId("view-libinput");
    list.replaceChildren();
    const p = frame.libinput;
    if (!p) return;
    const rows = [
      ["event", p.line],
      ["gesture", p.gesture ? p.gesture + " (" + p.fingers + " fingers)" : "none"],
      ["pinch", "scale " + fmt(p.scale, 3) + ", angle " + fmt(p.angle, 1) + "°"],
      ["swipe / pinch centre", "Δ(" + fmt(p.dx, 1) + ", " + fmt(p.dy, 1) + ")"],
      ["scroll", p.scrollSource ? p.scrollSource + " v " + fmt(p.scrollV, 1) + " h " + fmt(p.scrollH, 1) : "none"],
      ["pointer motion", "Σ(" + fmt(p.pointerX, 0) + ", " + fmt(p.pointerY, 0) + ")"],
      ["buttons", p.buttons.length ? p.buttons.join(" ") : "none"],
    ];
    for (const [name, value] of rows) {
      html("dt", {}, list, name);
      html("dd", { "data-field": name }, list, value);
    }
  }

  function drawScreen(mode, state) {
    const screen = byId("view-screen-" + mode);
    const layer = screen.querySelector(".dynamic");
    layer.replaceChildren();
    const events = byId("view-events-" + mode);
    events.replaceChildren();
    if (!state) return;
    const k = Number(screen.dataset.scale);
    screen.querySelectorAll(".view-pointer-region").forEach((r) => r.classList.toggle("current", r.dataset.name === state.pointer.region));
    const pointer = el("circle", { class: "pointer", cx: state.pointer.x * k, cy: state.pointer.y * k, r: 4 }, layer);
    el("title", {}, pointer, "pointer" + (state.pointer.region ? " in " + state.pointer.region + " (" + state.pointer.style + ")" : ""));
    if (state.pointer.region) el("text", { class: "label pointer-style", x: state.pointer.x * k + 6, y: state.pointer.y * k - 6 }, layer, state.pointer.style);
    for (const t of state.touches) {
      el("circle", {
        class: "touch " + t.type + (t.simulated ? " simulated" : ""), cx: t.x * k, cy: t.y * k, r: 10,
        fill: t.phase === "ended" || t.phase === "cancelled" ? "none" : "#FB9A99", "data-phase": t.phase, "data-id": t.id,
      }, layer);
    }
    if (state.transform) {
      const tr = state.transform, size = 30 * tr.scale;
      el("rect", {
        class: "transform", x: tr.x * k - size / 2, y: tr.y * k - size / 2, width: size, height: size,
        transform: "rotate(" + tr.rotation + " " + tr.x * k + " " + tr.y * k + ")", "data-phase": tr.phase, "data-scale": tr.scale,
      }, layer);
    }
    if (state.scroll) {
      const s = state.scroll;
      el("line", { class: "scroll", x1: s.x * k, y1: s.y * k, x2: (s.x + s.dx) * k, y2: (s.y + s.dy) * k, "data-phase": s.phase }, layer);
    }
    if (state.system) el("text", { class: "label system", x: 8, y: 16 }, layer, "system " + state.system.kind + " (" + state.system.fingers + ") " + state.system.phase);
    for (const e of state.events) html("li", {}, events, e);
  }

  function drawLanes(frame, index) {
    const body = byId("view-lanes").tBodies[0];
    for (const mode of modes) {
      const state = frame[mode];
      if (!state) continue;
      state.lanes.forEach((laneState, lane) => {
        const cell = body.rows[lane] && body.rows[lane].querySelector('td[data-mode="' + mode + '"]');
        if (!cell) return;
        cell.textContent = laneState;
        cell.dataset.state = laneState;
        cell.className = "view-lane state-" + laneState;
      });
    }
    const shown = changes.slice(0, changesThrough[index]);
    for (let lane = 0; lane < body.rows.length; lane++) {
      const cell = body.rows[lane].cells[3];
      cell.replaceChildren();
      const lanes = shown.filter((c) => c.lane === lane);
      // The last 8, after how many came before them.
      if (lanes.length > 8) html("span", { class: "change" }, cell, "… " + (lanes.length - 8) + " earlier; ");
      for (const c of lanes.slice(-8)) {
        html("span", { class: "change" + (c.accidental ? " accidental" : ""), "data-mode": c.mode },
          cell, c.mode + " " + c.state + " " + fmt(c.t, 3) + "s" + (c.accidental ? " (in " + c.mode + " only)" : "") + "; ");
      }
    }
  }

  function drawDecisions(frame) {
    const table = byId("view-decisions");
    table.hidden = machines.length === 0;
    const body = table.tBodies[0];
    machines.forEach((name, index) => {
      const row = body.rows[index] || html("tr", { "data-machine": name }, body);
      if (row.cells.length === 0) for (let c = 0; c < 3; c++) html("td", {}, row);
      const d = frame.machines[name];
      row.cells[0].textContent = name;
      row.cells[1].textContent = d ? d.state : "-";
      row.cells[2].textContent = d ? d.line + (d.why ? ": " + d.why : "") : "";
      row.cells[2].title = d && d.why ? d.why : "";
      row.classList.toggle("now", frame.decisions.some((n) => n.machine === name));
    });
  }

  function draw(index) {
    if (!scene || frames.length === 0) return;
    current = Math.max(0, Math.min(index, frames.length - 1));
    const frame = frames[current];
    root.dataset.frame = current;
    root.dataset.differs = frame.differs;
    byId("view-scrub").max = frames.length - 1;
    byId("view-scrub").value = current;
    byId("view-position").textContent = "frame " + current + " of " + (frames.length - 1) + ", " + fmt(frame.t, 3) + " s, " + frame.source
      + (frame.differs ? ", modes differ" : "");
    drawPad(frame);
    drawLibinput(frame);
    for (const mode of modes) drawScreen(mode, frame[mode]);
    drawLanes(frame, current);
    drawDecisions(frame);
  }

  // Where the modes start to differ is the timeline's to say (startsDifference).
  function nextDifference(from) {
    for (let i = from + 1; i < frames.length; i++) if (frames[i].startsDifference) return i;
    return -1;
  }

  function stop() {
    playing = false;
    clearTimeout(timer);
    byId("view-play").textContent = "Play";
  }
  function tick() {
    if (!playing) return;
    if (current >= frames.length - 1) { if (!live) stop(); return; }
    draw(current + 1);
    if (current >= frames.length - 1) { if (!live) stop(); return; }
    const speed = Number(byId("view-speed").value);
    // Idle stretches are shortened to a second: nothing moves in them.
    const wait = Math.min((frames[current + 1].t - frames[current].t) / speed, 1) * 1000;
    timer = setTimeout(tick, Math.max(wait, 0));
  }
  function play() {
    if (current >= frames.length - 1 && !live) draw(0);
    playing = true;
    byId("view-play").textContent = "Pause";
    tick();
  }

  byId("view-play").addEventListener("click", () => { following = !playing; if (playing) stop(); else play(); });
  byId("view-step").addEventListener("click", () => { stop(); following = false; draw(current + 1); });
  byId("view-back").addEventListener("click", () => { stop(); following = false; draw(current - 1); });
  byId("view-next-difference").addEventListener("click", () => {
    stop();
    following = false;
    const next = nextDifference(current);
    if (next >= 0) draw(next); else notice("the modes do not differ after this frame");
  });
  byId("view-scrub").addEventListener("input", (e) => { stop(); following = false; draw(Number(e.target.value)); });
  // Keys work when the player has the focus, or on a page that is the player alone; in a report
  // the page's own scrolling keys stay the page's. A key with a modifier is the browser's.
  const alone = !document.getElementById("touchsynth-timeline");
  document.addEventListener("keydown", (e) => {
    const keys = { " ": "view-play", ArrowRight: "view-step", ArrowLeft: "view-back", d: "view-next-difference" };
    if (!keys[e.key] || e.ctrlKey || e.metaKey || e.altKey || e.target.tagName === "SELECT" || e.target.tagName === "INPUT") return;
    if (!root.contains(document.activeElement) && !(alone && document.activeElement === document.body)) return;
    e.preventDefault();
    byId(keys[e.key]).click();
  });

  function notice(text) {
    const n = byId("view-notice");
    n.hidden = false;
    n.textContent = text;
  }

  // `#frame=N` in the address opens the player at frame N, so a link can point at a moment.
  function openFragment() {
    const frame = Number(new URLSearchParams(location.hash.slice(1)).get("frame"));
    if (Number.isInteger(frame)) draw(frame);
  }

  function load(timeline) {
    setScene(timeline.scene);
    timeline.frames.forEach(addFrame);
    draw(0);
    openFragment();
    root.dataset.loaded = "true";
  }

  // Live: the scene, then batches of frames; a batch says how many frames the server merged into
  // later ones because this browser fell behind.
  let drawPending = false, received = 0;
  function connect(path) {
    live = true;
    playing = true;
    byId("view-play").textContent = "Pause";
    const socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + path);
    socket.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (data.scene) { setScene(data.scene); root.dataset.loaded = "true"; }
      for (const frame of data.frames || []) addFrame(frame);
      received += (data.frames || []).length;
      if (data.coalesced) {
        coalesced = data.coalesced;
        notice(coalesced + " frames were merged into later ones because this browser fell behind (lane changes are kept)");
      }
      root.dataset.received = received;
      if (following && !drawPending) {
        drawPending = true;
        requestAnimationFrame(() => { drawPending = false; if (following) draw(frames.length - 1); });
      }
    };
    socket.onclose = () => notice("the stream ended: touchsynth view stopped");
  }

  const embedded = document.getElementById("touchsynth-timeline");
  if (embedded) {
    load(JSON.parse(embedded.textContent));
  } else if (root.dataset.source === "live") {
    connect(root.dataset.stream);
  } else if (root.dataset.source) {
    fetch(root.dataset.source).then((r) => r.json()).then(load).catch((e) => notice("cannot load the timeline: " + e));
  }
})();
