import Foundation
import Gestures
import ModeComparison
import AppEvents

/// Hand-built app events.
public enum Events {
    /// A touch: a finger unless `pointer` (compatibility mode's click, `.direct` to the app) or
    /// `type` is `.indirectPointer`.
    public static func touch(
        _ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double, type: TouchType = .direct,
        simulated: Bool = false, pointer: Bool = false
    ) -> Touch {
        Touch(
            id: TouchID(id), phase: phase, type: type, location: Point(x: x, y: y), previousLocation: Point(x: x, y: y),
            isSimulated: simulated, isPointer: pointer)
    }

    public static func touches(
        _ time: Double, _ touches: [Touch], buttons: ButtonMask = [],
        modifiers: ModifierFlags = []
    ) -> AppEvent {
        AppEvent(timestamp: time, buttonMask: buttons, modifierFlags: modifiers, payload: .touches(touches))
    }

    /// A click: touch-down and touch-up at one place, both carrying `buttons` (the translator
    /// keeps the pressed mask on the release); the pointer's touch in either mode.
    public static func click(
        at time: Double, _ x: Double, _ y: Double, id: Int = 1, buttons: ButtonMask = .primary,
        modifiers: ModifierFlags = [], type: TouchType = .direct
    ) -> [AppEvent] {
        [
            touches(time, [touch(id, .began, x, y, type: type, pointer: true)], buttons: buttons, modifiers: modifiers),
            touches(
                time + 0.05, [touch(id, .ended, x, y, type: type, pointer: true)], buttons: buttons,
                modifiers: modifiers),
        ]
    }

    public static func transform(
        _ time: Double, _ phase: GesturePhase, scale: Double = 1, rotation: Double = 0,
        at location: Point = Point(x: 500, y: 400),
        modifiers: ModifierFlags = []
    ) -> AppEvent {
        AppEvent(
            timestamp: time, buttonMask: [], modifierFlags: modifiers,
            payload: .transform(TransformEvent(phase: phase, scale: scale, rotation: rotation, location: location)))
    }

    public static func scroll(
        _ time: Double, _ phase: GesturePhase, _ type: ScrollType, translation: Point,
        at location: Point = Point(x: 500, y: 400)
    ) -> AppEvent {
        AppEvent(
            timestamp: time, buttonMask: [], modifierFlags: [],
            payload: .scroll(
                ScrollEvent(phase: phase, type: type, delta: .zero, translation: translation, location: location)))
    }

    public static func hover(
        _ time: Double, _ phase: TouchPhase, _ x: Double, _ y: Double,
        modifiers: ModifierFlags = [], type: TouchType = .direct
    ) -> AppEvent {
        AppEvent(
            timestamp: time, buttonMask: [], modifierFlags: modifiers,
            payload: .hover(touch(99, phase, x, y, type: type)))
    }
}

/// One moment of a trackpad pinch: what libinput reports, and so what both modes derive from.
public struct PinchStep {
    public var time: Double
    public var scale: Double = 1
    public var rotation: Double = 0
    public var centre = Point(x: 500, y: 400)

    public init(time: Double, scale: Double = 1, rotation: Double = 0, centre: Point = Point(x: 500, y: 400)) {
        self.time = time
        self.scale = scale
        self.rotation = rotation
        self.centre = centre
    }
}

/// The same pinch as each mode delivers it: compatibility mode's two simulated touches
/// (`distance` apart at scale 1, following scale, rotation and centre) or transform events.
public enum PinchStreams {
    public static func compat(_ steps: [PinchStep], distance: Double = 100) -> [AppEvent] {
        steps.enumerated().map { index, step in
            let phase: TouchPhase = index == 0 ? .began : index == steps.count - 1 ? .ended : .moved
            let half = distance * step.scale / 2
            let dx = half * cos(step.rotation)
            let dy = half * sin(step.rotation)
            return Events.touches(
                step.time,
                [
                    Events.touch(100, phase, step.centre.x - dx, step.centre.y - dy, simulated: true),
                    Events.touch(101, phase, step.centre.x + dx, step.centre.y + dy, simulated: true),
                ])
        }
    }

    public static func indirect(_ steps: [PinchStep]) -> [AppEvent] {
        steps.enumerated().map { index, step in
            let phase: GesturePhase = index == 0 ? .began : index == steps.count - 1 ? .ended : .changed
            return Events.transform(step.time, phase, scale: step.scale, rotation: step.rotation, at: step.centre)
        }
    }
}

/// Counts what it is asked and answers as configured.
public final class RecordingDelegate: GestureRecognizerDelegate {
    public var eventQuestions: [AppEvent] = []
    public var touchQuestions: [Touch] = []
    /// The recognizer's own modifierFlags at each event question.
    public var recognizerFlagsWhenAsked: [ModifierFlags] = []
    public var acceptsEvent: (AppEvent) -> Bool = { _ in true }
    public var allowsSimultaneous = false

    public init() {}

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: AppEvent) -> Bool {
        eventQuestions.append(event)
        recognizerFlagsWhenAsked.append(gestureRecognizer.modifierFlags)
        return acceptsEvent(event)
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        touchQuestions.append(touch)
        return true
    }

    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        allowsSimultaneous
    }
}

/// A surface with one region "canvas" (1000 × 1000) holding `recognizers`.
public func makeSurface(_ recognizers: GestureRecognizer...) -> Surface {
    Surface(regions: [
        Region(name: "canvas", frame: Rect(x: 0, y: 0, width: 1000, height: 1000), gestureRecognizers: recognizers)
    ])
}

extension Surface {
    public func handle(_ events: [AppEvent]) {
        events.forEach(handle)
    }
}

/// The recorded states, in order, without `changed`.
public func milestones(_ recognizer: GestureRecognizer) -> [RecordedState] {
    recognizer.record.transitions.map(\.state).filter { $0 != .changed }
}

/// What the recognizers of fresh surfaces did with two app event streams built by hand, each
/// surface finished ``ModePipeline/settleTime`` after its last event, as the pipeline finishes it.
public func comparison(compat: [AppEvent], indirect: [AppEvent], surface: () -> Surface) -> ComparisonReport {
    func run(_ events: [AppEvent]) -> Surface {
        let made = surface()
        events.forEach(made.handle)
        made.finish(at: (events.last?.timestamp ?? 0) + ModePipeline.settleTime)
        return made
    }
    return ComparisonReport(compat: run(compat), indirect: run(indirect))
}
