import AppEventInvariants
import AppEvents
import Gestures
import LibinputEvents

/// libinput's events through UIKit's delivery modes: the one place app events are made. Each
/// mode has its translator, and, as asked, the delivery invariants checked, a fresh surface that
/// gets every app event as it is made, and the app events kept. It is stepped one libinput event
/// at a time (live, or a long replay printed as it plays) and finished once, by one rule: open
/// sequences flushed ``flushDelay`` after the last event, each surface's timers fired
/// ``settleTime`` after its last app event.
///
/// `compare`, `report`, the view, `replay --mode`, the bridge, the corpus and the testing kit
/// all run it, so that they agree.
///
/// Not thread-safe: one owner steps it.
public final class ModePipeline {
    /// What to run in each mode besides the translator.
    public struct Options: Sendable {
        /// Check each mode's stream against the delivery invariants.
        public var checksInvariants = false
        /// Keep each mode's app events (a replay made into a report or expectations); a long or
        /// live stream keeps none.
        public var keepsAppEvents = false
        /// The app asks for the pointer lock with the first event (granted by the default policy).
        public var requestsPointerLock = false

        public init(checksInvariants: Bool = false, keepsAppEvents: Bool = false, requestsPointerLock: Bool = false) {
            self.checksInvariants = checksInvariants
            self.keepsAppEvents = keepsAppEvents
            self.requestsPointerLock = requestsPointerLock
        }
    }

    /// How long after a stream's last libinput event its open sequences (a wheel's) are flushed.
    public static let flushDelay: UInt64 = 1_000_000
    /// Seconds after a surface's last app event at which its pending timers fire (a long press
    /// held to the end, a tap waiting for a double tap to fail).
    public static let settleTime = 1.0

    /// One mode's side of the pipeline, as it stands.
    public struct Lane {
        public let mode: DeliveryMode
        /// Its translator: the pointer, its region and buttons as the app sees them, and what
        /// became of each event (``AppEventTranslator/accounting``).
        public fileprivate(set) var translator: AppEventTranslator
        /// The surface the app events went to, if any.
        public let surface: Surface?
        /// The app events of the last step (sharing the translator's storage until the next).
        public fileprivate(set) var lastAppEvents: [AppEvent] = []
        /// Every app event, when the pipeline keeps them.
        public fileprivate(set) var appEvents: [AppEvent] = []
        /// Delivery invariants broken so far, when they are checked.
        public fileprivate(set) var violations: [InvariantChecker.Violation] = []
        /// Touches and gestures the app is left in at the end because libinput's stream left what
        /// they follow open (a recording cut with fingers down), when invariants are checked: no
        /// violation, but said, with ``ModePipeline/libinputLeftOpen``.
        public fileprivate(set) var leftOpen: [InvariantChecker.Violation] = []
        fileprivate var checker: InvariantChecker?
    }

    public private(set) var lanes: [Lane]
    /// What libinput's stream holds open so far: at the end, what it left open.
    public private(set) var libinputLeftOpen = LibinputOpenSequences()
    private let options: Options
    private var lastEventTime: UInt64?
    private var pointerLockRequested = false

    /// A pipeline for `modes` on `configuration`'s screen, each mode with a fresh surface from
    /// `makeSurface`.
    public convenience init(
        modes: [DeliveryMode] = DeliveryMode.allCases, configuration: AppEventTranslator.Configuration = .init(),
        options: Options = Options(), makeSurface: () throws -> Surface
    ) rethrows {
        self.init(
            modes: modes, configuration: configuration, options: options,
            surfaces: try modes.map { _ in try makeSurface() })
    }

    /// A pipeline for `modes` on `configuration`'s screen, without surfaces: app events alone.
    public convenience init(
        modes: [DeliveryMode] = DeliveryMode.allCases, configuration: AppEventTranslator.Configuration = .init(),
        options: Options = Options()
    ) {
        self.init(modes: modes, configuration: configuration, options: options, surfaces: modes.map { _ in nil })
    }

    private init(
        modes: [DeliveryMode], configuration: AppEventTranslator.Configuration, options: Options, surfaces: [Surface?]
    ) {
        self.options = options
        lanes = zip(modes, surfaces).map { mode, surface in
            Lane(
                mode: mode, translator: AppEventTranslator(mode: mode, configuration: configuration), surface: surface,
                checker: options.checksInvariants ? InvariantChecker(mode: mode, screen: configuration.screenSize) : nil
            )
        }
    }

    /// The lane of `mode`.
    public subscript(mode: DeliveryMode) -> Lane {
        lanes[lanes.firstIndex { $0.mode == mode } ?? 0]
    }

    /// Translates `event` in every mode and delivers each app event as it is made; each lane's
    /// ``Lane/lastAppEvents`` are what it made.
    public func step(_ event: LibinputEvent) {
        lastEventTime = event.time
        libinputLeftOpen.apply(event)
        let lock = options.requestsPointerLock && !pointerLockRequested
        pointerLockRequested = pointerLockRequested || lock
        for i in lanes.indices {
            // Let go of the last step's events first: the translator then refills its storage
            // in place, and a step allocates nothing.
            lanes[i].lastAppEvents = []
            if lock {
                let granted = lanes[i].translator.requestPointerLock(true, at: event.time)
                deliver(granted, in: i)
                lanes[i].lastAppEvents = granted + lanes[i].translator.translate(event)
                deliver(Array(lanes[i].lastAppEvents.dropFirst(granted.count)), in: i)
            } else {
                lanes[i].lastAppEvents = lanes[i].translator.translate(event)
                deliver(lanes[i].lastAppEvents, in: i)
            }
        }
    }

    /// Ends the stream: what only a later event could end (a wheel sequence) flushed at `time`
    /// (by default ``flushDelay`` after the last event), each surface's timers fired
    /// ``settleTime`` after its last app event, and the invariants' end checked. Each lane's
    /// ``Lane/lastAppEvents`` are the flush's.
    public func finish(at time: UInt64? = nil) {
        let end = time ?? Self.flushTime(after: lastEventTime)
        for i in lanes.indices {
            lanes[i].lastAppEvents = []
            lanes[i].lastAppEvents = lanes[i].translator.flush(at: end)
            deliver(lanes[i].lastAppEvents, in: i)
            if let surface = lanes[i].surface {
                surface.finish(at: (surface.lastEventTimestamp ?? 0) + Self.settleTime)
            }
            if let checker = lanes[i].checker {
                let end = checker.finish(libinputLeftOpen: libinputLeftOpen)
                lanes[i].violations += end.violations
                lanes[i].leftOpen = end.leftOpen
            }
        }
    }

    /// When a stream whose last event came at `last` is flushed.
    public static func flushTime(after last: UInt64?) -> UInt64 {
        (last ?? 0) + flushDelay
    }

    /// What the recognizers did in each mode (the surfaces', after ``finish(at:)``): no rows for
    /// a mode without a surface.
    public var comparison: ComparisonReport {
        let (compat, indirect) = (self[.compatibility].surface, self[.indirectInput].surface)
        return ComparisonReport(
            compat: compat?.records ?? [], indirect: indirect?.records ?? [],
            pointerRegions: (compat?.pointerRegionTransitions ?? [], indirect?.pointerRegionTransitions ?? []))
    }

    /// `events` through a fresh pipeline whose modes get surfaces from `makeSurface`, finished.
    public static func run(
        _ events: [LibinputEvent], modes: [DeliveryMode] = DeliveryMode.allCases,
        configuration: AppEventTranslator.Configuration = .init(), options: Options = Options(),
        makeSurface: () throws -> Surface
    ) rethrows -> ModePipeline {
        try ModePipeline(modes: modes, configuration: configuration, options: options, makeSurface: makeSurface)
            .running(events)
    }

    /// `events` through a fresh pipeline without surfaces, finished.
    public static func run(
        _ events: [LibinputEvent], modes: [DeliveryMode] = DeliveryMode.allCases,
        configuration: AppEventTranslator.Configuration = .init(), options: Options = Options()
    ) -> ModePipeline {
        ModePipeline(modes: modes, configuration: configuration, options: options).running(events)
    }

    private func running(_ events: [LibinputEvent]) -> ModePipeline {
        for event in events { step(event) }
        finish()
        return self
    }

    private func deliver(_ events: [AppEvent], in i: Int) {
        for event in events {
            if lanes[i].checker != nil, let found = lanes[i].checker?.check(event), !found.isEmpty {
                lanes[i].violations += found
            }
            lanes[i].surface?.handle(event)
            if options.keepsAppEvents { lanes[i].appEvents.append(event) }
        }
    }
}
