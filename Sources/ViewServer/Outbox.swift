import Foundation
import ViewTimeline

/// What waits to be sent to one browser. The publisher (libinput's loop) only ever appends, under
/// a lock held for a moment; the browser's sender takes everything pending at once. A browser that
/// falls behind by ``capacity`` frames gets its newest frame merged into the last one waiting (the
/// state is the newer one's, the lane changes of both are kept, and a start of a difference while
/// the modes still differ), so it costs the publisher nothing and memory stays bounded; the merges
/// are counted and told to the page.
final class Outbox: @unchecked Sendable {
    static let capacity = 256

    private struct Pending {
        var frame: ViewFrame
        /// When each event in the frame was published (monotonic ns), merged ones included.
        var published: [UInt64]
    }

    private let lock = NSLock()
    private var pending: [Pending] = []
    private var waiter: CheckedContinuation<Void, Never>?
    private var closed = false
    /// Frames merged into later ones so far.
    var coalesced: Int { lock.withLock { merged } }
    private var merged = 0
    private var sceneChangedSinceTaken = false

    func post(_ frame: ViewFrame, publishedAt: UInt64) {
        let resume: CheckedContinuation<Void, Never>? = lock.withLock {
            if pending.count >= Self.capacity {
                var last = pending.removeLast()
                let changes = last.frame.changes + frame.changes
                // The merged frame starts a difference where a step merged into it did and it still differs.
                let starts = frame.startsDifference || (last.frame.startsDifference && frame.differs)
                last.frame = frame
                last.frame.changes = changes
                last.frame.startsDifference = starts
                last.published.append(publishedAt)
                pending.append(last)
                merged += 1
            } else {
                pending.append(Pending(frame: frame, published: [publishedAt]))
            }
            defer { waiter = nil }
            return waiter
        }
        resume?.resume()
    }

    /// The scene changed: the next batch carries it.
    func sceneChanged() {
        lock.withLock { sceneChangedSinceTaken = true }
    }

    /// Whether the scene changed since this was last asked.
    func takeSceneChange() -> Bool {
        lock.withLock {
            defer { sceneChangedSinceTaken = false }
            return sceneChangedSinceTaken
        }
    }

    func close() {
        let resume: CheckedContinuation<Void, Never>? = lock.withLock {
            closed = true
            defer { waiter = nil }
            return waiter
        }
        resume?.resume()
    }

    /// Waits until frames are pending and takes them all, with the merge count so far; nil once
    /// closed.
    func take() async -> (frames: [ViewFrame], published: [UInt64], coalesced: Int)? {
        while true {
            let taken: [Pending]? = lock.withLock {
                defer { pending.removeAll(keepingCapacity: true) }
                return pending.isEmpty ? nil : pending
            }
            if let taken { return (taken.map(\.frame), taken.flatMap(\.published), lock.withLock { merged }) }
            if lock.withLock({ closed }) { return nil }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = lock.withLock {
                    if pending.isEmpty && !closed {
                        waiter = continuation
                        return false
                    }
                    return true
                }
                if ready { continuation.resume() }
            }
        }
    }
}
