extension AppEventTranslator {
    /// Tunables of the translation.
    public struct Configuration: Sendable {
        /// The virtual screen. Default 1440 × 900 points.
        public var screenSize: Size
        /// Distance D between the two simulated touches when a pinch begins. Default 100 points:
        /// about 2 cm on an iPad at ~132 points per inch (100 / 132 in ≈ 1.9 cm), the spread of
        /// two fingertips starting a pinch.
        public var simulatedTouchDistance: Double
        /// Angle of the line from the first simulated touch to the second when a pinch begins,
        /// radians, clockwise positive. Default 0: a horizontal line, first touch on the left.
        public var simulatedTouchStartAngle: Double
        /// Longest gap, seconds, from a click's release to the next press for that press to raise
        /// `tapCount`. Default 0.5 s, macOS's default double-click interval.
        public var multiClickInterval: Double
        /// Farthest, points, a click may move and the next press may land from it and still raise
        /// `tapCount`. Default 8 points (``defaultMultiClickSlop``).
        public var multiClickSlop: Double
        /// 8 points: beyond it a click is a drag, here and for the drag interaction of `Gestures`.
        public static let defaultMultiClickSlop = 8.0
        /// Silence, seconds, after which a wheel (discrete) scroll sequence ends. Default 0.15 s,
        /// longer than the gap between notches of a wheel turned in one go. A wheel sequence
        /// begins at the first wheel event and changes with the following ones; it ends at the
        /// first pointer or gesture event that is not a wheel event, or once this much time has
        /// passed since the last wheel event (noticed on the next event and stamped when the
        /// timeout fell due), or at `flush(at:)`.
        public var wheelSequenceTimeout: Double
        /// Who grants the pointer lock. Default ``PointerLockPolicy/system``.
        public var pointerLockPolicy: PointerLockPolicy
        /// The app's pointer interactions, bottom view to top (``PointerInteraction``); they
        /// decide the pointer's region and style, and hold or pull where the app sees it.
        /// Default none: the pointer is where libinput's motion puts it.
        public var pointerInteractions: [PointerInteraction]
        /// Where the pointer starts, kept on the screen as motion is. Default nil: the screen's
        /// centre. A pinch's simulated touches and a scroll's events are where the pointer is.
        public var pointerStart: Point?

        public init(
            screenSize: Size = .defaultScreen,
            simulatedTouchDistance: Double = 100,
            simulatedTouchStartAngle: Double = 0,
            multiClickInterval: Double = 0.5,
            multiClickSlop: Double = defaultMultiClickSlop,
            wheelSequenceTimeout: Double = 0.15,
            pointerLockPolicy: PointerLockPolicy = .system,
            pointerInteractions: [PointerInteraction] = [],
            pointerStart: Point? = nil
        ) {
            self.screenSize = screenSize
            self.simulatedTouchDistance = simulatedTouchDistance
            self.simulatedTouchStartAngle = simulatedTouchStartAngle
            self.multiClickInterval = multiClickInterval
            self.multiClickSlop = multiClickSlop
            self.wheelSequenceTimeout = wheelSequenceTimeout
            self.pointerLockPolicy = pointerLockPolicy
            self.pointerInteractions = pointerInteractions
            self.pointerStart = pointerStart
        }
    }

    /// - Precondition: the configuration has no ``Configuration/problem``.
    func checkConfiguration() {
        if let problem = configuration.problem { preconditionFailure(problem) }
    }
}

extension AppEventTranslator.Configuration {
    /// What is wrong with these tunables, in words; nil when a translator takes them: sizes,
    /// distances and durations finite, the screen and the simulated touches' distance positive,
    /// the others not negative, magnetism within 0…1; the pointer's start finite (anywhere: it is
    /// kept on the screen).
    public var problem: String? {
        guard screenSize.width > 0 && screenSize.height > 0 && screenSize.width.isFinite && screenSize.height.isFinite
        else { return "screen size must be positive" }
        guard simulatedTouchDistance > 0 && simulatedTouchDistance.isFinite else {
            return "simulated touch distance must be positive"
        }
        guard simulatedTouchStartAngle.isFinite else { return "start angle must be finite" }
        guard multiClickInterval >= 0 && multiClickInterval < 1e6 else {
            return "multi-click interval must be a sane duration"
        }
        guard multiClickSlop >= 0 && multiClickSlop.isFinite else { return "multi-click slop must not be negative" }
        guard wheelSequenceTimeout >= 0 && wheelSequenceTimeout < 1e6 else {
            return "wheel timeout must be a sane duration"
        }
        guard pointerStart.map({ $0.x.isFinite && $0.y.isFinite }) ?? true else {
            return "the pointer's start must be finite"
        }
        guard pointerInteractions.allSatisfy({ $0.magnetism >= 0 && $0.magnetism <= 1 }) else {
            return "magnetism must lie in 0…1"
        }
        return nil
    }
}
