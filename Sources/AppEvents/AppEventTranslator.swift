import LibinputEvents

/// Turns libinput touchpad and mouse events into the events an iPad app gets, in the delivery
/// mode its `UIApplicationSupportsIndirectInputEvents` key selects (docs/uikit-behaviour.md).
///
/// - Compatibility mode (the key set to `NO`, or absent before iOS 17): a pinch or rotation becomes
///   two simulated `.direct` touches; clicks and drags are `.direct` touches, like a finger's.
/// - Indirect input mode (the key set to `YES`, or absent from iOS 17 on): a pinch or rotation
///   becomes `transform` events; clicks and drags are `.indirectPointer` touches; nothing is simulated.
/// - Both modes: buttonless motion gives hover touches, two-finger and wheel scrolling give
///   scroll events, swipes, holds and 3+ finger pinches give system-gesture events, and a locked
///   pointer gives relative motion.
///
/// Every event carries the timestamp (libinput's microseconds as seconds, never decreasing) and
/// the seat's current button mask and modifier flags, with one exception: the touch that ends at
/// a button release carries the mask from before the release, so that a recognizer filtering on
/// `event.buttonMask == .secondary` (WWDC20 10094 "Handle trackpad and mouse input") sees the
/// whole click.
///
/// libinput ends what a removed device was doing before it says the device is gone (it suspends
/// the device first, releasing its buttons and lifting its touches: `evdev_device_remove` in
/// evdev.c, `tp_clear_state` in evdev-mt-touchpad.c, libinput 1.22.1), so a replay's app sees
/// ordinary ends; what is still live at DEVICE_REMOVED (a capture cut between them) is cancelled,
/// and the hover ends once no pointing device is left. `reset(at:)` cancels everything.
/// Touchscreen events are ignored: a touchscreen is direct input, which this translator does not
/// model.
///
/// Choices where UIKit leaves room:
/// - Hover: regionEntered at the first buttonless motion over the window, regionMoved while it
///   moves, regionExited when the pointer is hidden: locked, or its last pointing device gone. The
///   window is full-screen: a motion past an edge stops the pointer there, still over it
///   (``PointerState/location``). No hover events while a button is held (the last button's
///   release moves the hover to where a drag left the pointer) or the pointer is locked.
/// - `tapCount`: see ``Configuration/multiClickInterval`` and ``Configuration/multiClickSlop``.
///   Simulated touches have tapCount 1, hover touches 0.
/// - Wheels: see ``Configuration/wheelSequenceTimeout``.
/// - Three-or-more-finger swipes and pinches, and holds, become ``SystemGestureEvent``s, which no
///   app recognizer sees (why, and what Apple documents: `SystemGestureTracker`).
/// - A pinch does not move the pointer: the simulated touches' midpoint follows the fingers
///   from the pointer location, and a transform's location is the pointer location.
/// - Pointer interactions (``Configuration/pointerInteractions``): the same in both modes, as
///   the key leaves pointer effects alone. Each motion and press finds the pointer's region;
///   entering and leaving are ``PointerRegionEvent``s, just before the hover or touch event they
///   come with; every location the app gets is ``pointerLocation``, which the region's style
///   holds on its constrained axes or pulls towards its view.
public struct AppEventTranslator {
    /// The delivery mode the app's Info.plist key selects.
    public let mode: DeliveryMode
    public let configuration: Configuration
    /// The seat's pointer, buttons, modifiers and pointer lock.
    public private(set) var pointer: PointerState
    /// Where the app sees the pointer: ``PointerState/location`` held on the constrained axes of
    /// the pointer region's style, or pulled towards its view by a content effect.
    public private(set) var pointerLocation: Point
    /// What became of every event translated.
    public private(set) var accounting = Accounting()
    /// What became of the last event translated.
    public private(set) var lastDisposition = Disposition.emitted

    private var hover = HoverTracker()
    private var pointerRegions: PointerRegionTracker
    private var pointerTouch: PointerTouchTracker
    private var pinch: PinchGesture?
    /// The live pinch's device.
    private var pinchDevice: String?
    private var simulatedTouches: SimulatedTouchPair?
    private var scroll: ScrollSequencer
    private var systemGesture = SystemGestureTracker()
    /// Devices that move the pointer or make gestures; the hover ends when the last one goes.
    private var pointerDevices: [String] = []
    private var nextTouchID = 1
    /// Why the current event made nothing, where its kind does not say.
    private var silence: SilentReason?
    /// Microseconds; never goes back, so neither do the events' timestamps.
    private var clock: UInt64 = 0
    /// The app events of the current call, returned at its end.
    private var output: [AppEvent] = []
    /// Whether the current call made an app event.
    private var emittedInCall = false
    /// The touch list of the touches events, refilled from call to call: once the previous event
    /// is let go of, it is filled in place, with no allocation.
    private var touchList: [Touch] = []

    /// - Precondition: the configuration's sizes, distances and durations are finite, the screen
    ///   and D positive, the others not negative.
    public init(mode: DeliveryMode, configuration: Configuration = Configuration()) {
        self.mode = mode
        self.configuration = configuration
        pointer = PointerState(
            screenSize: configuration.screenSize, lockPolicy: configuration.pointerLockPolicy,
            start: configuration.pointerStart)
        pointerLocation = pointer.location
        pointerRegions = PointerRegionTracker(interactions: configuration.pointerInteractions)
        pointerTouch = PointerTouchTracker(
            multiClick: .init(
                interval: Microseconds.of(seconds: configuration.multiClickInterval), slop: configuration.multiClickSlop
            ))
        scroll = ScrollSequencer(wheelTimeout: Microseconds.of(seconds: configuration.wheelSequenceTimeout))
        checkConfiguration()
    }

    /// The touch type of clicks, drags and hover in this mode.
    public var pointerTouchType: TouchType { mode.pointerTouchType }

    /// The pointer region the pointer is in, with its interaction's view, if any.
    public var pointerRegion: (view: String, region: PointerRegion)? {
        pointerRegions.current.map {
            (
                pointerRegions.interactions[$0.interaction].view,
                pointerRegions.interactions[$0.interaction].regions[$0.region]
            )
        }
    }

    // MARK: Input

    /// Translates one libinput event into the app events it causes (often none).
    ///
    /// The returned array and the touch lists in it share the translator's storage: a caller
    /// that lets go of them before the next call costs no allocation.
    public mutating func translate(_ event: LibinputEvent) -> [AppEvent] {
        startCall(at: event.time)
        translateEvent(event)
        if emittedInCall {
            accounting.countEmitted()
            lastDisposition = .emitted
        } else {
            let reason = silence ?? SilentReason(event)
            accounting.countSilent(reason)
            lastDisposition = reason.disposition
        }
        return output
    }

    /// Translates one libinput event and hands the app events it causes to `receiver`, in order,
    /// as a running app receives them.
    public mutating func translate(_ event: LibinputEvent, to receiver: any AppEventReceiver) {
        _ = translate(event)
        handOutput(to: receiver)
    }

    /// Cancels everything live, for a caller whose stream of libinput's events broke off (a
    /// connection lost): every touch, transform, scroll and system gesture gets a cancelled event
    /// and the hover exits. Held buttons and keys are forgotten; caps lock and the pointer lock
    /// stay. TouchSynth's own replays never need it: libinput resyncs after the kernel's lost
    /// events (SYN_DROPPED), which it never passes on, and ends what it began.
    public mutating func reset(at time: UInt64) -> [AppEvent] {
        startCall(at: time)
        pointer.releaseAll()
        emitTouch(pointerTouch.cancel())
        pinchFinish(cancelled: true)
        emit(scroll.end(.cancelled, location: pointerLocation))
        emit(systemGesture.finish(.cancelled))
        hidePointer()
        return output
    }

    /// Ends a pending wheel sequence at the end of a stream, where no later event will end it.
    /// The end is stamped when the timeout would have fired, or at `time` if that is earlier.
    /// Gestures libinput itself has not ended stay live: use `reset(at:)` to cancel them.
    public mutating func flush(at time: UInt64) -> [AppEvent] {
        startCall(at: time)
        emit(scroll.endDiscrete(location: pointerLocation))
        if emittedInCall { accounting.carried() }
        accounting.endOfStream()
        return output
    }

    /// ``flush(at:)``, handing the event, if any, to `receiver`.
    public mutating func flush(at time: UInt64, to receiver: any AppEventReceiver) {
        _ = flush(at: time)
        handOutput(to: receiver)
    }

    // MARK: Pointer lock

    /// The app's `prefersPointerLocked` changed (`setNeedsUpdateOfPrefersPointerLocked`). Returns
    /// a `.pointerLock` event when the policy's decision changes. `time` defaults to the last
    /// event's.
    public mutating func requestPointerLock(_ prefers: Bool, at time: UInt64? = nil) -> [AppEvent] {
        startCall(at: time ?? clock)
        if pointer.lock.setPrefersPointerLocked(prefers) { lockChanged() }
        return output
    }

    /// The scene's conditions changed (Slide Over appeared, the app went to the background…).
    /// Returns a `.pointerLock` event when the policy's decision changes. `time` defaults to the
    /// last event's.
    public mutating func updateScene(_ scene: SceneConditions, at time: UInt64? = nil) -> [AppEvent] {
        startCall(at: time ?? clock)
        if pointer.lock.updateScene(scene) { lockChanged() }
        return output
    }

    /// A locked pointer is hidden first (``hidePointer()``); the next motion after the lock is
    /// lifted enters again.
    private mutating func lockChanged() {
        if pointer.lock.isLocked {
            hidePointer()
        }
        emit(.pointerLock(isLocked: pointer.lock.isLocked))
    }

    // MARK: Events

    private mutating func translateEvent(_ event: LibinputEvent) {
        let device = event.device
        switch event.kind {
        case .deviceAdded(let info):
            scroll.noteDevice(device, reversesScrolling: info.naturalScrolling == true)
            if info.capabilities.contains(.pointer) || info.capabilities.contains(.gesture) {
                notePointerDevice(device)
            }
        case .deviceRemoved:
            removeDevice(device)
        case .keyboardKey(let key, let state, _):
            pointer.setKey(key, state, device: device)
        case .touchDown, .touchMotion, .touchUp, .touchCancel, .touchFrame, .switchToggle:
            break
        case .pointerMotion(let dx, let dy, let unacceleratedDx, let unacceleratedDy):
            pointerActivity(of: device)
            motion(dx: dx, dy: dy, unaccelerated: (unacceleratedDx, unacceleratedDy))
        case .pointerMotionAbsolute(let x, let y):
            pointerActivity(of: device)
            // Locked, the pointer stays where it is: the position is dropped, as no event carries it.
            if !pointer.move(toNormalizedX: x, y: y) { silence = .pointerUnmoved }
            if !pointer.lock.isLocked { followPointer() }
        case .pointerButton(let button, let state, _):
            pointerActivity(of: device)
            self.button(button, state, device: device)
        case .pointerScroll(let scroll):
            pointerActivity(of: device, isWheel: scroll.source == .wheel)
            emit(self.scroll.endUnlessContinued(by: scroll, from: device, location: pointerLocation))
            emit(self.scroll.follow(scroll, from: device, time: clock, location: pointerLocation))
        case .gesturePinchBegin(let fingers):
            pointerActivity(of: device)
            if fingers >= 3 {
                beginSystemGesture(.pinch, fingers: fingers, device: device)
            } else {
                pinchBegin(device: device)
            }
        case .gesturePinchUpdate(let fingers, let delta, let scale, let angleDelta):
            pointerActivity(of: device)
            if fingers >= 3 {
                emit(systemGesture.update(.pinch, dx: delta.dx, dy: delta.dy, scale: scale))
            } else {
                pinchUpdate(delta, scale: scale, angleDelta: angleDelta)
            }
        case .gesturePinchEnd(let fingers, _, let cancelled):
            // libinput's end scale is the last update's, which the gesture already holds.
            pointerActivity(of: device)
            if fingers >= 3 {
                emit(systemGesture.end(.pinch, cancelled: cancelled))
            } else {
                pinchFinish(cancelled: cancelled)
            }
        case .gestureSwipeBegin(let fingers):
            pointerActivity(of: device)
            beginSystemGesture(.swipe, fingers: fingers, device: device)
        case .gestureSwipeUpdate(_, let delta):
            pointerActivity(of: device)
            emit(systemGesture.update(.swipe, dx: delta.dx, dy: delta.dy))
        case .gestureSwipeEnd(_, let cancelled):
            pointerActivity(of: device)
            emit(systemGesture.end(.swipe, cancelled: cancelled))
        case .gestureHoldBegin(let fingers):
            pointerActivity(of: device)
            beginSystemGesture(.hold, fingers: fingers, device: device)
        case .gestureHoldEnd(_, let cancelled):
            pointerActivity(of: device)
            emit(systemGesture.end(.hold, cancelled: cancelled))
        }
    }

    // MARK: Pointer

    /// Any pointer or gesture event from `device`: remembers the device and ends a wheel
    /// sequence unless the event is itself a wheel event.
    private mutating func pointerActivity(of device: String, isWheel: Bool = false) {
        notePointerDevice(device)
        if !isWheel { emit(scroll.endDiscrete(location: pointerLocation)) }
    }

    private mutating func notePointerDevice(_ device: String) {
        if !pointerDevices.contains(device) { pointerDevices.append(device) }
    }

    /// While the pointer is locked the location is frozen and the motion goes to the app as
    /// relative motion, unaccelerated like `GCMouse`'s deltas (games steer cameras with them),
    /// y down.
    private mutating func motion(dx: Double, dy: Double, unaccelerated: (dx: Double, dy: Double)) {
        if pointer.lock.isLocked {
            emit(.relativeMotion(dx: unaccelerated.dx.finiteOrZero, dy: unaccelerated.dy.finiteOrZero))
            return
        }
        if !pointer.move(dx: dx, dy: dy) { silence = .pointerUnmoved }
        followPointer()
    }

    /// A drag moves the click's touch; a buttonless motion moves the hover. Either way the
    /// pointer's region is found first.
    private mutating func followPointer() {
        trackPointerRegion()
        if !pointer.buttonMask.isEmpty {
            emitTouch(pointerTouch.move(to: pointerLocation))
        } else {
            emit(hover.follow(to: pointerLocation, type: pointerTouchType, nextID: &nextTouchID))
        }
    }

    private mutating func button(_ code: UInt32, _ state: ButtonState, device: String) {
        let before = pointer.buttonMask
        guard pointer.setButton(code, state, device: device) else { return }
        if before.isEmpty {
            // A press before any motion shows the pointer where it rests.
            trackPointerRegion()
            emitTouch(
                pointerTouch.begin(
                    id: newTouchID(), type: pointerTouchType, button: code, at: pointerLocation, time: clock))
        } else if pointer.buttonMask.isEmpty {
            emitTouch(pointerTouch.end(time: clock), buttonMask: before)
            // Silent while a button was held, the hover catches up with a dragged pointer.
            emit(hover.move(to: pointerLocation, type: pointerTouchType))
        } else {
            emitTouch(pointerTouch.stationary())
        }
    }

    /// Finds the pointer's region, emits the region events, and moves ``pointerLocation``.
    private mutating func trackPointerRegion() {
        guard !pointerRegions.interactions.isEmpty else {
            pointerLocation = pointer.location
            return
        }
        let (exit, enter, location) = pointerRegions.follow(
            to: pointer.location, visible: !pointer.lock.isLocked,
            screen: pointer.clampedToScreen)
        pointerLocation = location
        emit(exit)
        emit(enter)
    }

    /// The pointer is hidden (locked, its last device gone, a reset): it leaves its region, the
    /// app sees it where it is, and its hover ends.
    private mutating func hidePointer() {
        emit(pointerRegions.exit(at: pointerLocation))
        pointerLocation = pointer.location
        emit(hover.exit(at: pointerLocation, type: pointerTouchType))
    }

    // MARK: Pinch

    private mutating func pinchBegin(device: String) {
        // A begin while a pinch is live means libinput's end was lost: drop the stale pinch.
        pinchFinish(cancelled: true)
        let gesture = PinchGesture(location: pointerLocation)
        pinch = gesture
        pinchDevice = device
        switch mode {
        case .indirectInput:
            emit(
                .transform(
                    TransformEvent(
                        phase: .began, scale: gesture.scale, rotation: gesture.rotation, location: pointerLocation)))
        case .compatibility:
            let pair = SimulatedTouchPair(
                ids: (newTouchID(), newTouchID()), pinch: gesture,
                distance: configuration.simulatedTouchDistance, startAngle: configuration.simulatedTouchStartAngle,
                screen: configuration.screenSize)
            simulatedTouches = pair
            let touches = pair.began()
            emitTouches(touches.0, touches.1)
        }
    }

    private mutating func pinchUpdate(_ delta: GestureDelta, scale: Double, angleDelta: Double) {
        guard var gesture = pinch else { return }
        gesture.apply(delta, scale: scale, angleDelta: angleDelta)
        pinch = gesture
        switch mode {
        case .indirectInput:
            emit(
                .transform(
                    TransformEvent(
                        phase: .changed, scale: gesture.scale, rotation: gesture.rotation, location: pointerLocation)))
        case .compatibility:
            guard let touches = simulatedTouches?.follow(gesture) else { return }
            emitTouches(touches.0, touches.1)
        }
    }

    private mutating func pinchFinish(cancelled: Bool) {
        guard let gesture = pinch else { return }
        pinch = nil
        pinchDevice = nil
        switch mode {
        case .indirectInput:
            let phase: GesturePhase = cancelled ? .cancelled : .ended
            emit(
                .transform(
                    TransformEvent(
                        phase: phase, scale: gesture.scale, rotation: gesture.rotation, location: pointerLocation)))
        case .compatibility:
            guard let pair = simulatedTouches else { return }
            simulatedTouches = nil
            let touches = pair.finish(cancelled ? .cancelled : .ended)
            emitTouches(touches.0, touches.1)
        }
    }

    private mutating func beginSystemGesture(_ kind: SystemGestureEvent.Kind, fingers: Int, device: String) {
        let (cancelled, began) = systemGesture.begin(kind, fingers: fingers, device: device)
        emit(cancelled)
        emit(began)
    }

    // MARK: Devices

    /// Cancels what `device` was doing: the click it held a button for, its pinch, scroll and
    /// system gesture. The hover exits when it was the last pointing device.
    private mutating func removeDevice(_ device: String) {
        let heldButtons = pointer.holdsButtons(device)
        pointer.removeDevice(device)
        let wasPointerDevice = pointerDevices.contains(device)
        pointerDevices.removeAll { $0 == device }
        if heldButtons { emitTouch(pointerTouch.cancel()) }
        if pinchDevice == device { pinchFinish(cancelled: true) }
        if scroll.liveDevice == device { emit(scroll.end(.cancelled, location: pointerLocation)) }
        if systemGesture.device == device { emit(systemGesture.finish(.cancelled)) }
        if wasPointerDevice && pointerDevices.isEmpty {
            hidePointer()
        }
    }

    // MARK: Time and output

    /// Every public entry point starts here: the clock moves to `time`, the previous call's
    /// events are let go of, and a wheel sequence that timed out meanwhile ends first.
    private mutating func startCall(at time: UInt64) {
        clock = max(clock, time)
        if !output.isEmpty { output.removeAll(keepingCapacity: true) }
        emittedInCall = false
        silence = nil
        if let deadline = scroll.discreteDeadline, clock >= deadline {
            emit(scroll.endDiscrete(location: pointerLocation), at: deadline)
        }
    }

    private mutating func newTouchID() -> TouchID {
        defer { nextTouchID += 1 }
        return TouchID(nextTouchID)
    }

    /// The call's events to `receiver`, then let go of, so that the next call reuses their storage.
    private mutating func handOutput(to receiver: any AppEventReceiver) {
        for event in output { receiver.handle(event) }
        output.removeAll(keepingCapacity: true)
    }

    /// Appends to the output an event with the seat's state, stamped with the clock, or with
    /// `time` for a wheel sequence's timeout: that lies between the last wheel event and the
    /// clock, and nothing was emitted in between, since every call checks the timeout first.
    private mutating func emit(_ payload: AppEvent.Payload, buttonMask: ButtonMask? = nil, at time: UInt64? = nil) {
        emittedInCall = true
        output.append(
            AppEvent(
                timestamp: Double(time ?? clock) / 1e6, buttonMask: buttonMask ?? pointer.buttonMask,
                modifierFlags: pointer.modifierFlags, payload: payload
            ))
    }

    private mutating func emit(_ scroll: ScrollEvent?, at time: UInt64? = nil) {
        if let scroll { emit(.scroll(scroll), at: time) }
    }

    private mutating func emit(_ gesture: SystemGestureEvent?) {
        if let gesture { emit(.systemGesture(gesture)) }
    }

    private mutating func emit(_ region: PointerRegionEvent?) {
        if let region { emit(.pointerRegion(region)) }
    }

    private mutating func emit(_ hover: Touch?) {
        if let hover { emit(.hover(hover)) }
    }

    private mutating func emitTouch(_ touch: Touch?, buttonMask: ButtonMask? = nil) {
        if let touch { emitTouches(touch, buttonMask: buttonMask) }
    }

    /// Emits a touches event of `first` and `second`, if any, in ``touchList``.
    private mutating func emitTouches(_ first: Touch, _ second: Touch? = nil, buttonMask: ButtonMask? = nil) {
        touchList.removeAll(keepingCapacity: true)
        touchList.append(first)
        if let second { touchList.append(second) }
        emit(.touches(touchList), buttonMask: buttonMask)
    }
}
