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

        public init(
            screenSize: Size = .defaultScreen,
            simulatedTouchDistance: Double = 100,
            simulatedTouchStartAngle: Double = 0,
            multiClickInterval: Double = 0.5,
            multiClickSlop: Double = defaultMultiClickSlop,
            wheelSequenceTimeout: Double = 0.15,
            pointerLockPolicy: PointerLockPolicy = .system,
            pointerInteractions: [PointerInteraction] = []
        ) {
            self.screenSize = screenSize
            self.simulatedTouchDistance = simulatedTouchDistance
            self.simulatedTouchStartAngle = simulatedTouchStartAngle
            self.multiClickInterval = multiClickInterval
            self.multiClickSlop = multiClickSlop
            self.wheelSequenceTimeout = wheelSequenceTimeout
            self.pointerLockPolicy = pointerLockPolicy
            self.pointerInteractions = pointerInteractions
        }
    }

    /// - Precondition: sizes, distances and durations finite, the screen and the simulated
    ///   touches' distance positive, the others not negative.
    func checkConfiguration() {
        let c = configuration
        precondition(
            c.screenSize.width > 0 && c.screenSize.height > 0 && c.screenSize.width.isFinite
                && c.screenSize.height.isFinite, "screen size must be positive")
        precondition(
            c.simulatedTouchDistance > 0 && c.simulatedTouchDistance.isFinite,
            "simulated touch distance must be positive")
        precondition(c.simulatedTouchStartAngle.isFinite, "start angle must be finite")
        precondition(
            c.multiClickInterval >= 0 && c.multiClickInterval < 1e6, "multi-click interval must be a sane duration")
        precondition(c.multiClickSlop >= 0 && c.multiClickSlop.isFinite, "multi-click slop must not be negative")
        precondition(
            c.wheelSequenceTimeout >= 0 && c.wheelSequenceTimeout < 1e6, "wheel timeout must be a sane duration")
        precondition(
            c.pointerInteractions.allSatisfy { $0.magnetism >= 0 && $0.magnetism <= 1 }, "magnetism must lie in 0…1")
    }
}
