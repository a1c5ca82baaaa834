import Foundation
import TouchSynthCommands
import ViewServer
import ViewPublishing

/// `view` and `bench --view-stream` serve in this process, with the server touchsynth-view
/// links, instead of handing the test process over to touchsynth-view.
private let servesHere: Void = {
    ViewServers.make = { title, address, port throws(ViewServerError) in
        try ViewServer(title: title, address: address, port: port)
    }
}()

/// Runs a `touchsynth` command line in this process (``TouchSynth/run(_:)``), its output
/// captured: what the built executable would print and exit with, without starting it.
public func runCommand(_ arguments: [String]) -> Finished {
    servesHere
    let run = TouchSynth.run(arguments)
    return Finished(status: run.status, stdout: run.stdout, stderr: run.stderr)
}

/// Runs each command line in this process on a thread of its own, all at once, as processes
/// started together would run.
public func runCommands(_ lines: [[String]]) -> [Finished] {
    concurrently(lines.map { arguments in { runCommand(arguments) } })
}

/// Runs each piece of work on a thread of its own, all at once, and returns what each gave.
public func concurrently<T: Sendable>(_ work: [@Sendable () -> T]) -> [T] {
    let results = Results<T>(count: work.count)
    let group = DispatchGroup()
    for (index, body) in work.enumerated() {
        group.enter()
        Thread {
            results.store(index, body())
            group.leave()
        }.start()
    }
    group.wait()
    return results.all
}

/// What threads finished, each in its place.
private final class Results<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var finished: [T?]

    init(count: Int) { finished = Array(repeating: nil, count: count) }

    func store(_ index: Int, _ result: T) { lock.withLock { finished[index] = result } }

    var all: [T] { lock.withLock { finished.map { $0! } } }
}
