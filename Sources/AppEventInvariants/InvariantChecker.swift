import AppEvents

/// Checks a stream of app events against the rules UIKit's delivery keeps, so that any producer
/// of ``AppEvent``s (the translator, the CLI, other modules' tests) can be verified.
///
/// Rules:
/// - a touch goes began → (moved | stationary)* → ended | cancelled, exactly once, and nothing
///   follows its end; a hover touch goes regionEntered → regionMoved* → regionExited; hover
///   phases only in hover events, contact phases only in touches events;
/// - transform, scroll and system-gesture sequences go began → changed* → ended | cancelled,
///   one of each at a time, keeping their scroll type or gesture kind;
/// - no NaN or infinity in any location, previous location, scale, rotation, delta,
///   translation, value120, relative motion or timestamp;
/// - no simulated touch in indirect input mode, no `indirectPointer` touch and no transform event
///   in compatibility mode (a pinch or rotation is two simulated touches there);
/// - timestamps never decrease;
/// - a touch (simulated, direct, hovering or indirect) is on the screen, when it is given, which
///   excludes its right and bottom edges;
/// - a pointer-lock notification reports a change, and relative motion comes only while locked;
/// - pointer regions: a `willExit` for the region entered last, a `willEnter` only when no region
///   is entered (so no region is entered twice without an exit); while the pointer is in a
///   region whose style constrains an axis, the pointer's locations (hover touches, touches that
///   are not simulated, the region events) stay on that axis where the `willEnter` put it (the
///   translator puts it on the region's middle, kept on the screen; its tests hold that).
///
/// ``finish()`` reports touches and gestures still live at the end. A hover still live is not
/// reported, nor a pointer region still entered: the pointer may rightly rest over the window
/// when a stream ends.
public struct InvariantChecker: Sendable {
    /// One broken rule.
    public struct Violation: Equatable, Sendable, CustomStringConvertible {
        public enum Rule: String, Sendable {
            case touchNeverEnded
            case eventAfterEnd
            case illegalPhaseOrder
            case nonFinite
            case simulatedTouchInIndirectMode
            case indirectPointerInCompatibilityMode
            case transformInCompatibilityMode
            case timestampDecreased
            case gestureNeverEnded
            case pointerLockUnchanged
            case relativeMotionWhileUnlocked
            case pointerRegionUnbalanced
            case constrainedAxisNotHeld
            case touchOffScreen
        }

        public var rule: Rule
        /// Position of the offending event in the stream (0-based); nil for ``finish()``.
        public var eventIndex: Int?
        public var message: String

        public init(rule: Rule, eventIndex: Int?, message: String) {
            self.rule = rule
            self.eventIndex = eventIndex
            self.message = message
        }

        public var description: String {
            "\(eventIndex.map { "event \($0)" } ?? "end of stream"): \(rule.rawValue): \(message)"
        }
    }

    private enum TouchState: Sendable {
        case contact
        case hover
        case finished
    }

    /// A began → changed* → ended|cancelled stream; `kind` is what must stay the same.
    private struct GestureStream: Sendable {
        let name: String
        var liveKind: String?

        mutating func advance(_ phase: GesturePhase, kind: String) -> String? {
            switch (phase, liveKind) {
            case (.began, nil):
                liveKind = kind
                return nil
            case (.began, let live?):
                return "\(name) \(kind) began while a \(live) one is live"
            case (_, nil):
                return "\(name) \(kind) \(phase.rawValue) without began"
            case (_, let live?) where live != kind:
                return "\(name) \(kind) \(phase.rawValue) while a \(live) one is live"
            case (.changed, _):
                return nil
            case (.ended, _), (.cancelled, _):
                liveKind = nil
                return nil
            }
        }
    }

    /// Mirrors the Info.plist key the stream was produced under.
    public let mode: DeliveryMode
    private var touches: [TouchID: TouchState] = [:]
    private var transform = GestureStream(name: "transform")
    private var scroll = GestureStream(name: "scroll")
    private var systemGesture = GestureStream(name: "system gesture")
    private var isPointerLocked = false
    /// The pointer region entered and not yet left.
    private var pointerRegion: PointerRegionEvent?
    private var lastTimestamp: Double?
    private var eventCount = 0
    private let screen: Size?

    /// A checker for a stream of the given mode, with its touches on `screen` when given.
    public init(mode: DeliveryMode, screen: Size? = nil) {
        self.mode = mode
        self.screen = screen
    }

    /// Checks a whole stream, including ``finish()``.
    public static func violations(in events: [AppEvent], mode: DeliveryMode, screen: Size? = nil) -> [Violation] {
        var checker = InvariantChecker(mode: mode, screen: screen)
        return events.flatMap { checker.check($0) } + checker.finish()
    }

    /// Checks the next event of the stream.
    public mutating func check(_ event: AppEvent) -> [Violation] {
        let index = eventCount
        eventCount += 1
        var problems: [(Violation.Rule, String)] = []

        if let last = lastTimestamp, event.timestamp < last {
            problems.append((.timestampDecreased, "\(event.timestamp) after \(last)"))
        }
        if event.timestamp.isFinite { lastTimestamp = event.timestamp }
        if let name = Self.nonFiniteField(of: event) {
            problems.append((.nonFinite, "\(event.type.rawValue) event: \(name) is not finite"))
        }

        switch event.payload {
        case .touches(let list):
            for touch in list {
                problems += checkTouch(touch, inHoverEvent: false)
                if !touch.isSimulated {
                    problems += checkRail(touch.location, of: "touch \(touch.id) \(touch.phase.rawValue)")
                }
            }
        case .hover(let touch):
            problems += checkTouch(touch, inHoverEvent: true)
            problems += checkRail(touch.location, of: "hover \(touch.id) \(touch.phase.rawValue)")
        case .transform(let t):
            if mode == .compatibility {
                problems.append((.transformInCompatibilityMode, "transform \(t.phase.rawValue) in compatibility mode"))
            }
            if let message = transform.advance(t.phase, kind: "pinch") {
                problems.append((.illegalPhaseOrder, message))
            }
        case .scroll(let s):
            if let message = scroll.advance(s.phase, kind: s.type.rawValue) {
                problems.append((.illegalPhaseOrder, message))
            }
        case .systemGesture(let g):
            if let message = systemGesture.advance(g.phase, kind: g.kind.rawValue) {
                problems.append((.illegalPhaseOrder, message))
            }
        case .pointerLock(let isLocked):
            if isLocked == isPointerLocked { problems.append((.pointerLockUnchanged, "isLocked stays \(isLocked)")) }
            isPointerLocked = isLocked
        case .relativeMotion:
            if !isPointerLocked {
                problems.append((.relativeMotionWhileUnlocked, "relative motion while the pointer is not locked"))
            }
        case .pointerRegion(let region):
            problems += checkPointerRegion(region)
        }
        return problems.map { Violation(rule: $0.0, eventIndex: index, message: $0.1) }
    }

    /// Touches and gestures still live at the end of the stream.
    public func finish() -> [Violation] {
        finish(libinputLeftOpen: LibinputOpenSequences()).violations
    }

    /// Touches and gestures still live at the end of a stream whose libinput events left
    /// `libinputLeftOpen`: those that follow what libinput left open are `leftOpen` with it, no
    /// violation (a touch with a pinch, a button or a touch; a transform with a pinch; a scroll
    /// with a scroll; a system gesture with a swipe, a hold, or a pinch of three or more fingers).
    public func finish(
        libinputLeftOpen open: LibinputOpenSequences
    ) -> (violations: [Violation], leftOpen: [Violation]) {
        var live = touches.filter { $0.value == .contact }.keys.sorted { $0.rawValue < $1.rawValue }.map {
            (
                Violation(
                    rule: .touchNeverEnded, eventIndex: nil,
                    message: "touch \($0) began but never ended or was cancelled"),
                open.pinch || !open.buttonsHeld.isEmpty || !open.touchesDown.isEmpty
            )
        }
        for (stream, followsLibinput) in [
            (transform, open.pinch), (scroll, open.scroll), (systemGesture, open.swipe || open.hold || open.pinch),
        ] {
            if let kind = stream.liveKind {
                live.append(
                    (
                        Violation(
                            rule: .gestureNeverEnded, eventIndex: nil,
                            message: "\(stream.name) \(kind) began but never ended or was cancelled"),
                        followsLibinput
                    ))
            }
        }
        return (live.filter { !$0.1 }.map(\.0), live.filter(\.1).map(\.0))
    }

    private mutating func checkTouch(_ touch: Touch, inHoverEvent: Bool) -> [(Violation.Rule, String)] {
        var problems: [(Violation.Rule, String)] = []
        let name = "touch \(touch.id) \(touch.phase.rawValue)"
        if touch.isSimulated && mode == .indirectInput {
            problems.append((.simulatedTouchInIndirectMode, "\(name) is simulated"))
        }
        if touch.type == .indirectPointer && mode == .compatibility {
            problems.append((.indirectPointerInCompatibilityMode, "\(name) is indirectPointer"))
        }
        // The screen excludes its right and bottom edges, as a view's bounds do (`CGRect.contains`).
        if let screen, !(0..<screen.width ~= touch.location.x && 0..<screen.height ~= touch.location.y) {
            let (at, size) = ("(\(touch.location.x), \(touch.location.y))", "\(screen.width) × \(screen.height)")
            problems.append((.touchOffScreen, "\(name) at \(at) is off the \(size) screen"))
        }
        let isHoverPhase = [.regionEntered, .regionMoved, .regionExited].contains(touch.phase)
        if isHoverPhase != inHoverEvent {
            problems.append((.illegalPhaseOrder, "\(name) in a \(inHoverEvent ? "hover" : "touches") event"))
        }

        let state = touches[touch.id]
        if state == .finished {
            problems.append((.eventAfterEnd, "\(name) after the touch ended"))
            return problems
        }
        let next: TouchState
        switch touch.phase {
        case .began, .regionEntered:
            next = touch.phase == .began ? .contact : .hover
            if state != nil { problems.append((.illegalPhaseOrder, "\(name) while the touch is live")) }
        case .moved, .stationary:
            next = .contact
            if state != .contact { problems.append((.illegalPhaseOrder, "\(name) without began")) }
        case .regionMoved:
            next = .hover
            if state != .hover { problems.append((.illegalPhaseOrder, "\(name) without regionEntered")) }
        case .ended, .cancelled:
            next = .finished
            if state != .contact { problems.append((.illegalPhaseOrder, "\(name) without began")) }
        case .regionExited:
            next = .finished
            if state != .hover { problems.append((.illegalPhaseOrder, "\(name) without regionEntered")) }
        }
        touches[touch.id] = next
        return problems
    }

    private mutating func checkPointerRegion(_ region: PointerRegionEvent) -> [(Violation.Rule, String)] {
        let name = "\(region.phase.rawValue) \(region.view)/\(region.region)"
        switch (region.phase, pointerRegion) {
        case (.willEnter, nil):
            pointerRegion = region
            return []
        case (.willEnter, let live?):
            pointerRegion = region
            return [(.pointerRegionUnbalanced, "\(name) while \(live.view)/\(live.region) is entered")]
        case (.willExit, nil):
            return [(.pointerRegionUnbalanced, "\(name) with no region entered")]
        case (.willExit, let live?):
            pointerRegion = nil
            return live.view == region.view && live.region == region.region
                ? []
                : [(.pointerRegionUnbalanced, "\(name) while \(live.view)/\(live.region) is entered")]
        }
    }

    /// Whether `location` stays on the entered region's rail: where its `willEnter` put the
    /// pointer on each constrained axis.
    private func checkRail(_ location: Point, of name: String) -> [(Violation.Rule, String)] {
        guard let region = pointerRegion else { return [] }
        let axes = region.style.constrainedAxes, rail = region.location
        if axes.contains(.vertical) && location.y != rail.y {
            return [
                (
                    .constrainedAxisNotHeld,
                    "\(name) at y \(location.y), off the rail of \(region.view)/\(region.region) at y \(rail.y)"
                )
            ]
        }
        if axes.contains(.horizontal) && location.x != rail.x {
            return [
                (
                    .constrainedAxisNotHeld,
                    "\(name) at x \(location.x), off the rail of \(region.view)/\(region.region) at x \(rail.x)"
                )
            ]
        }
        return []
    }

    /// The name of the first non-finite number in the event, if any.
    private static func nonFiniteField(of event: AppEvent) -> String? {
        var fields: [(String, Double)] = [("timestamp", event.timestamp)]
        func add(_ name: String, _ point: Point) {
            fields += [("\(name).x", point.x), ("\(name).y", point.y)]
        }
        switch event.payload {
        case .touches(let list):
            for touch in list {
                add("touch \(touch.id) location", touch.location)
                add("touch \(touch.id) previousLocation", touch.previousLocation)
            }
        case .hover(let touch):
            add("location", touch.location)
            add("previousLocation", touch.previousLocation)
        case .transform(let t):
            fields += [("scale", t.scale), ("rotation", t.rotation)]
            add("location", t.location)
        case .scroll(let s):
            add("delta", s.delta)
            add("translation", s.translation)
            add("location", s.location)
            if let value120 = s.value120 { add("value120", value120) }
        case .systemGesture(let g):
            add("translation", g.translation)
        case .relativeMotion(let dx, let dy):
            fields += [("dx", dx), ("dy", dy)]
        case .pointerLock:
            break
        case .pointerRegion(let region):
            add("location", region.location)
            add("rect origin", Point(x: region.rect.x, y: region.rect.y))
            add("rect size", Point(x: region.rect.width, y: region.rect.height))
        }
        return fields.first { !$0.1.isFinite }?.0
    }
}
