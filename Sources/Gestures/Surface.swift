import AppEvents

/// A stand-in for an app's view hierarchy: named regions with recognizers, fed the app event
/// stream.
///
/// Delivery: a touch goes to the recognizers of the topmost region containing it where it began,
/// for its whole life; a transform or scroll sequence to those of the region under its location
/// at `began`; a hover event to the hover recognizers of the region under the pointer, and to
/// any still hovering elsewhere so they can end. `systemGesture`, `pointerLock` and
/// `relativeMotion` events are ignored: UIKit recognizers never see them (the system keeps
/// 3+-finger swipes; the lock state and locked motion reach apps outside `UIEvent`).
/// `pointerRegion` events reach the app's pointer interaction delegates, not recognizers: the
/// surface lists them (``pointerRegionTransitions``) for reports.
///
/// Hit testing (Surface+HitTesting.swift), arbitration (Surface+Arbitration.swift) and time
/// (Surface+Timers.swift), TouchSynth's over flat regions (docs/uikit-behaviour.md): timers
/// due before an event fire first, at their own time; after each event, recognizers waiting on
/// others are released or failed, and finished ones whose input is over reset.
public final class Surface: AppEventReceiver {
    /// Its regions, bottom to top.
    public private(set) var regions: [Region] = []
    /// Every recognizer, region by region, in delivery order.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The timestamp of the last event handled, if any.
    public private(set) var lastEventTimestamp: Double?
    /// Each pointer region the pointer entered or left, in order (the app's pointer
    /// interactions' `willEnter`/`willExit`).
    public private(set) var pointerRegionTransitions: [PointerRegionTransition] = []
    /// Pairs allowed to recognize together, as a delegate answering yes would.
    var simultaneousPairs: Set<RecognizerPair> = []
    /// The groups each recognizer is in whose members may all recognize together, by number.
    var simultaneousGroups: [ObjectIdentifier: [Int]] = [:]
    private var groupsMade = 0
    /// Each region's recognizers by the input they take: what delivery visits.
    private var recipients = Recipients()
    /// Recognizers that armed a timer; those disarmed are dropped as they are seen.
    var timed: [GestureRecognizer] = []
    /// No armed timer fires before this (an earlier one may have been disarmed since).
    var nextTimer = Double.infinity
    /// Whether a recognizer finished, waits on another or ended its input since the surface last
    /// settled (Surface+Arbitration.swift): only then is there anything to settle.
    var needsSettling = false
    /// Each live touch and the region index it began in (nil: none), oldest first.
    var touchRegions: [LiveTouch] = []
    /// The touches of an event that hit one region when others hit elsewhere.
    private var regionTouches: [Touch] = []
    /// Where the transform sequence under way was delivered at `began`; nil when none is.
    var latchedTransformRegion: RegionLatch?
    /// Where the scroll sequence under way was delivered at `began`; nil when none is.
    var latchedScrollRegion: RegionLatch?

    /// A surface of `regions`, later ones on top.
    public init(regions: [Region] = []) {
        addRegions(regions)
    }

    deinit {
        // A region added to a later surface belongs to that one now.
        for region in regions where region.owningSurfaceID == ObjectIdentifier(self) { region.owningSurface = nil }
    }

    /// Adds `region` on top of the existing ones.
    public func addRegion(_ region: Region) {
        addRegions([region])
    }

    /// Adds `regions` on top of the existing ones, the last topmost: what delivery visits is
    /// worked out once, not once a region.
    public func addRegions(_ regions: [Region]) {
        for region in regions { region.owningSurface = self }
        self.regions += regions
        recognizersChanged()
    }

    /// Rebuilds ``gestureRecognizers`` after a region or recognizer was added.
    func recognizersChanged() {
        gestureRecognizers = regions.flatMap(\.gestureRecognizers)
        recipients = Recipients(regions)
        // One may arrive with its timer armed, finished, or waiting.
        timed = gestureRecognizers.filter { $0.timerDeadline != nil }
        nextTimer = timed.isEmpty ? .infinity : -.infinity
        needsSettling = true
    }

    /// The region called `name`, if any.
    public func region(named name: String) -> Region? {
        regions.first { $0.name == name }
    }

    /// Each recognizer's record, in delivery order.
    public var records: [GestureRecord] {
        gestureRecognizers.map(\.record)
    }

    /// Forgets every recognizer's recorded history (``GestureRecognizer/forgetHistory()``) and the
    /// pointer region transitions so far: constant memory for a surface that runs for hours.
    public func forgetHistory() {
        gestureRecognizers.forEach { $0.forgetHistory() }
        pointerRegionTransitions.removeAll()
    }

    /// Lets `a` and `b` recognize simultaneously, as a delegate answering yes would, leaving
    /// their `delegate` free for the app.
    public func allowSimultaneousRecognition(_ a: GestureRecognizer, _ b: GestureRecognizer) {
        simultaneousPairs.insert(RecognizerPair(a, b))
    }

    /// Lets every two of `recognizers` recognize simultaneously, as
    /// ``allowSimultaneousRecognition(_:_:)`` for each pair would, in memory that grows with the
    /// group's size rather than its pairs.
    public func allowSimultaneousRecognition(among recognizers: [GestureRecognizer]) {
        groupsMade += 1
        for recognizer in recognizers {
            simultaneousGroups[ObjectIdentifier(recognizer), default: []].append(groupsMade)
        }
    }

    /// Delivers one event; events must come in timestamp order.
    public func handle(_ event: AppEvent) {
        lastEventTimestamp = event.timestamp
        fireTimers(upTo: event.timestamp)
        switch event.payload {
        case .touches(let touches):
            deliverTouches(touches, of: event)
        case .transform(let transform):
            deliverGesture(.transform, phase: transform.phase, at: transform.location, of: event, scroll: nil) {
                $0.transformChanged(transform, with: event)
            }
        case .scroll(let scroll):
            deliverGesture(.scroll, phase: scroll.phase, at: scroll.location, of: event, scroll: scroll) {
                $0.scrollChanged(scroll, with: event)
            }
        case .hover(let touch):
            deliverHover(touch, of: event)
        case .pointerRegion(let region):
            pointerRegionTransitions.append(PointerRegionTransition(region, at: event.timestamp))
        case .systemGesture, .pointerLock, .relativeMotion:
            break
        }
        settle(at: event.timestamp)
    }

    /// Ends a stream: fires every timer due by `time` (a long press still held, a tap waiting
    /// for a double tap to fail). Gestures whose input never ended stay as they are.
    public func finish(at time: Double) {
        fireTimers(upTo: time)
        settle(at: time)
    }

    // MARK: Delivery

    /// Each touch to the region it began in.
    private func deliverTouches(_ touches: [Touch], of event: AppEvent) {
        var changes = TouchSetChange()
        var firstRegion: Int??
        var oneRegion = true
        for touch in touches where touch.phase == .began {
            touchRegions.removeAll { $0.id == touch.id }
            touchRegions.append(LiveTouch(id: touch.id, region: hitTestIndex(touch.location)))
        }
        let live = touchRegions
        for touch in touches {
            switch touch.phase {
            case .began: changes.insert(.began)
            case .ended, .cancelled: changes.insert(.ended)
            default: break
            }
            let index = live.first { $0.id == touch.id }?.region
            if firstRegion == nil { firstRegion = index } else if firstRegion != index { oneRegion = false }
        }
        if oneRegion {
            if let index = firstRegion ?? nil { deliver(touches, to: index, changes: changes, of: event) }
        } else {
            for index in regions.indices {
                regionTouches.removeAll(keepingCapacity: true)
                for touch in touches where live.first(where: { $0.id == touch.id })?.region == index {
                    regionTouches.append(touch)
                }
                if !regionTouches.isEmpty { deliver(regionTouches, to: index, changes: changes, of: event) }
            }
        }
        if changes.contains(.ended) {
            for touch in touches where touch.phase.isFinal {
                touchRegions.removeAll { $0.id == touch.id }
            }
        }
    }

    private func deliver(_ touches: [Touch], to index: Int, changes: TouchSetChange, of event: AppEvent) {
        var recognized: [GestureRecognizer] = []
        for recognizer in recipients.touches[index] where recognizer.mayReceiveTouches(changes) {
            let before = recognizer.state
            recognizer.receiveTouches(touches, changes: changes, of: event)
            if before == .possible && (recognizer.state == .began || recognizer.state == .ended) {
                recognized.append(recognizer)
            }
        }
        // UIKit hands a touch to every recognizer before any wins: one that began or was
        // recognized on it also fails those after it that took the touch only then.
        for winner in recognized { didRecognize(winner, at: event.timestamp) }
    }

    /// A transform or scroll to the region its sequence is latched to; `scroll`: the event's
    /// scroll, which a recognizer may not take (``GestureRecognizer/takes(_:)``).
    private func deliverGesture(
        _ kind: InputSource, phase: GesturePhase, at location: Point, of event: AppEvent,
        scroll: ScrollEvent?, process: (GestureRecognizer) -> Void
    ) {
        guard let target = latchedRegion(for: kind, phase: phase, at: location) else { return }
        for recognizer in recipients.of(kind)[target] {
            if let scroll, !recognizer.takes(scroll) { continue }
            recognizer.receiveGesture(kind, phase: phase, at: location, of: event, process: process)
        }
    }

    /// To the hover recognizers of the region under the pointer, and to those still following
    /// the hover elsewhere, which it leaves; only to those whose `allowedTouchTypes` take the
    /// hover's touch, as for any touch.
    private func deliverHover(_ touch: Touch, of event: AppEvent) {
        let hit = touch.phase == .regionExited ? nil : hitTestIndex(touch.location)
        for (index, recognizers) in recipients.hover.enumerated() {
            let isInside = index == hit
            for recognizer in recognizers
            where recognizer.allows(touch.type) && (isInside || recognizer.source == .hover) {
                recognizer.receiveHover(at: touch.location, of: event, isInside: isInside)
            }
        }
    }
}

/// Each region's recognizers that take each input, in order, by region index.
private struct Recipients {
    var touches: [[GestureRecognizer]] = []
    var transform: [[GestureRecognizer]] = []
    var scroll: [[GestureRecognizer]] = []
    var hover: [[GestureRecognizer]] = []

    init() {}

    init(_ regions: [Region]) {
        func taking(_ input: InputSource) -> [[GestureRecognizer]] {
            regions.map { $0.gestureRecognizers.filter { $0.inputs.contains(input) } }
        }
        (touches, transform, scroll, hover) = (taking(.touches), taking(.transform), taking(.scroll), taking(.hover))
    }

    func of(_ input: InputSource) -> [[GestureRecognizer]] {
        switch input {
        case .touches: touches
        case .transform: transform
        case .scroll: scroll
        case .hover: hover
        }
    }
}

/// An unordered pair of recognizers, by identity.
struct RecognizerPair: Hashable {
    private let first: ObjectIdentifier
    private let second: ObjectIdentifier

    init(_ a: GestureRecognizer, _ b: GestureRecognizer) {
        let (x, y) = (ObjectIdentifier(a), ObjectIdentifier(b))
        first = min(x, y)
        second = max(x, y)
    }
}

/// A live touch and the region index it began in (nil: none).
struct LiveTouch {
    let id: TouchID
    let region: Int?
}
