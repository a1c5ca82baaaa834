import LibinputEvents
import Quirks
import Recordings

/// One libinput version's rules: the limits ``Explanation`` weighs the frames against, and
/// where each rule is in that version's source. Read in libinput 1.22.1, 1.28.1 and 1.31.3;
/// another version is read by the nearest of those, and says so.
struct RuleBook {
    /// The version asked about, and the one whose source lines are cited.
    let version: String
    let cited: String

    init(version: String) {
        self.version = version
        // Nearest by the changes it shares (``LibinputChange``): from 1.25 the ranges of 1.28, from
        // 1.29 the mtdev plugin of 1.31.
        cited =
            LibinputChange.isBefore(version, LibinputChange.widerWithoutResolution.release)
            ? "1.22.1" : LibinputChange.isBefore(version, LibinputChange.mtdevPlugin.release) ? "1.28.1" : "1.31.3"
    }

    /// `DEFAULT_TAP_TIMEOUT_PERIOD`: a touch still down this long after it began is no tap.
    let tapTimeout = 180.0
    /// `DEFAULT_TAP_MOVE_THRESHOLD`: a tap's touch may move up to this far from where it began.
    let tapMotionThreshold = 1.3
    /// `DEFAULT_GESTURE_SWIPE_TIMEOUT`: after it, two fingers close together are a scroll.
    let swipeTimeout = 150.0
    /// `DEFAULT_GESTURE_PINCH_TIMEOUT`: within it, a scroll can still become a pinch.
    let pinchTimeout = 300.0
    /// How long after a three-finger drag's fingers lift libinput holds its button for them to come
    /// back (`tp_gesture_set_3fg_drag_timer`), ms.
    let threeFingerDragRelease = 700.0
    /// `DRAG_3FG_OR_SWIPE_MOVE_THRESHOLD`: three fingers whose two followed touches moved this far
    /// on average when the 3fg-drag-or-swipe timer fired swipe (1.31 and later); less, they drag.
    let threeFingerSwipeMove = 5.0
    /// `PINCH_DISAMBIGUATION_MOVE_THRESHOLD`: each touch moves this far for a scroll to turn pinch.
    let pinchDisambiguation = 1.5
    /// The box two fingers must be within (`distance_mm.x < 40 && distance_mm.y < 7`).
    let scrollBox = (x: 40.0, y: 7.0)
    /// Thumb detection runs on clickpads at least this tall (mm); a touch beginning below this
    /// share of the height is jailed as a possible thumb, where thumbs are told by area alone.
    /// Told by pressure or size too, only one below `thumbExclusionLine` is, or one in between
    /// whose contact is a thumb's (`tp_thumb_needs_jail`).
    let thumbMinHeight = ThumbDetection.minimumHeight
    let thumbLine = ThumbDetection.line
    let thumbExclusionLine = ThumbDetection.exclusionLine
    /// `THUMB_IGNORE_SPEED_THRESHOLD` (mm/s); the frames a jailed thumb must move faster than it
    /// to escape (`t->speed.exceeded_count >= 10`), and those past which a finger moving beside a
    /// new touch makes it a thumb (`speed_exceeded_count > 5`, `tp_thumb_update_multifinger`).
    let thumbSpeed = 20.0
    let thumbEscapeFrames = 10
    let thumbSpeedFrames = 5
    /// `DEFAULT_GESTURE_SWITCH_TIMEOUT`: how long a new finger count must last to end a gesture.
    let fingerSwitchTimeout = 100.0
    /// Below this each, neither touch has moved enough for any decision.
    let stillMovement = 1.0

    /// Whether this version reads `device`'s contacts, sent with the multitouch protocol without
    /// slots, through its mtdev plugin, which gives it slots 0…9 (1.29 and later,
    /// `mtdev_plugin_device_new` in src/libinput-plugin-mtdev.c): before, libinput saw one slot.
    func readsThroughMtdev(_ device: DeviceDescription) -> Bool {
        !LibinputChange.isBefore(version, LibinputChange.mtdevPlugin.release) && device.isProtocolA
    }

    /// Whether libinput makes gestures on `device`: it needs more than one slot, on a pad that
    /// is not semi-MT (`tp_init_gesture`, src/evdev-mt-touchpad-gestures.c); without, two
    /// fingers scroll and more make nothing.
    func hasGestures(_ device: DeviceDescription) -> Bool {
        slots(of: device) > 1 && !device.has(property: Evdev.INPUT_PROP_SEMI_MT)
    }

    /// The scroll method libinput runs on `device`: the one `asked` where the pad has it, else its
    /// default, two fingers where it can count two, edge scrolling otherwise and always on the HP
    /// Pavilion DM4 (`tp_scroll_get_methods`, `tp_scroll_get_default_method`, src/evdev-mt-touchpad.c).
    func scrollMethod(
        of device: DeviceDescription, quirks: QuirksListing?, asked: DeviceConfiguration.ScrollMethod?
    ) -> DeviceConfiguration.ScrollMethod {
        let counts = Recording.fingerCountKeys.dropFirst().contains { device.has(type: Evdev.EV_KEY, code: $0) }
        let twoFinger = quirks?.marksJumpingSlots != true && (slots(of: device) > 1 || counts)
        let offered: [DeviceConfiguration.ScrollMethod] = [.none, .edge] + (twoFinger ? [.twoFinger] : [])
        return asked.flatMap { offered.contains($0) ? $0 : nil } ?? (twoFinger ? .twoFinger : .edge)
    }

    /// How a press of `device`'s button picks the button, by the model quirks of `quirks`
    /// (``Recordings/DeviceDescription/clickMethod(setsModel:asked:)``).
    func clickMethod(
        of device: DeviceDescription, quirks: QuirksListing?, asked: DeviceConfiguration.ClickMethod?
    ) -> DeviceConfiguration.ClickMethod? {
        device.clickMethod(setsModel: { quirks?.setsModel($0) == true }, asked: asked)
    }

    /// The slots this version sees on `device`: its own, or mtdev's ten.
    func slots(of device: DeviceDescription) -> Int {
        readsThroughMtdev(device) ? MtdevConversion.declaredSlots : device.slotCount
    }

    /// `QUICK_GESTURE_HOLD_TIMEOUT` and `DEFAULT_GESTURE_HOLD_TIMEOUT`: one or two fingers at
    /// rest this long are a hold; three or more, the longer.
    func holdTimeout(fingers: Int) -> Double { fingers <= 2 ? 40 : 180 }
    /// How far one finger moving the pointer may have moved when the hold timer fires for it to
    /// begin a hold beside the motion (`HOLD_AND_MOTION_THRESHOLD`, mm).
    let holdAndMotionThreshold = 0.5

    /// Whether libinput cannot place some of `fingers` on a touchpad of `slots` slots, which its
    /// fake-finger rules look at: three or more, and more than the slots.
    func beyondSlots(fingers: Int, slots: Int) -> Bool { fingers > 2 && fingers > slots }

    /// The most fingers libinput's gesture machine makes a gesture of (`tp_gesture_post_events`).
    var gestureFingerLimit: Int { GestureMachine.mostFingers }

    /// `min_move`: each touch moves this far before the directions decide.
    func minMove(fingers: Int) -> Double { 1.5 + 0.5 * Double(max(fingers, 2) - 2) }
    /// `max_move`: one touch moving this far while the other rests decides alone.
    func maxMove(fingers: Int) -> Double { 4.0 + 2.0 * Double(max(fingers, 2) - 2) }

    /// Whether, on a touchpad without gestures, three or more fingers reach the search for the
    /// top and bottom touches (`tp_gesture_handle_state_none`) rather than ending where two
    /// fingers would scroll, as from 1.26 they do (``LibinputChange/tapEndsImmediateScroll``).
    var seeksTouchesWithoutGestures: Bool {
        !LibinputChange.isBefore(version, LibinputChange.tapEndsImmediateScroll.release)
    }

    /// Whether two fingers on a pad without gestures wait for motion or the swipe timeout before
    /// they scroll, as from 1.26 they do with tapping on, by the same change.
    func scrollWaits(tapping: Bool) -> Bool { tapping && seeksTouchesWithoutGestures }

    /// What decided whether a touch beginning in a clickpad's thumb band is jailed
    /// (`tp_thumb_needs_jail`): the band's line, where thumbs are told by area alone; the
    /// exclusion area's, where by pressure or size too; a thumb's contact, between the two where
    /// by size; or edge scrolling, with which no touch is.
    enum ThumbTest { case band, exclusion, size, edgeScrolling }

    /// Which limit on each touch's movement a finding measures: `max_move`, past which one touch
    /// decides alone; `min_move`, which each touch passes before the directions decide; the
    /// distance each moves before a scroll may turn pinch (`tp_gesture_is_pinch`); or the 1 mm
    /// under which the gesture machine decides nothing (`still`).
    enum MovementLimit { case maxMove, minMove, pinch, still }

    /// `file:line (version)` of `rule` in the version cited: the line that applies its limit (for
    /// `palmEdge`, the side zones', or the top zone's when `topEdge`; for `gestureSupport`, where
    /// three or more `fingers` give nothing to follow, else, when `scrollWaits`, the motion rule of
    /// the `movement` limit that began the scroll (`still`: the timeout's);
    /// for `thumbPosition`, that of the `thumbTest`; for `thumbContext`, that of the `thumbStep`;
    /// for `gestureMovement`, that of the `movement` limit; for `tapTime`, the timeout of the tap
    /// state of `tapFingers`, 1 to 3, or where `tapped`, the release that made their tap (a
    /// `secondTap`'s, in `DRAGGING_OR_DOUBLETAP`, whatever the fingers); for
    /// `typingPalm`, where the `typingSetting` sets the timer;
    /// for `scrollToPinch`, the check of the state a scroll is in once it moved, or of
    /// `GESTURE_STATE_SCROLL_START`, before, when `scrollStarting`).
    func source(
        _ rule: Rule, topEdge: Bool = false, scrollWaits: Bool = false, thumbTest: ThumbTest = .band,
        thumbStep: ThumbContext.Step = .farBelow, movement: MovementLimit = .maxMove, tapFingers: Int = 1,
        tapped: Bool = false, secondTap: Bool = false,
        typingSetting: TypingTimer.Setting.Cause = .firstKey, scrollStarting: Bool = false, fingers: Int = 2
    ) -> String {
        let (file, lines): (String, [String: Int]) =
            switch rule {
            case .tapTime where tapped && secondTap:
                ("evdev-mt-touchpad-tap.c", ["1.22.1": 751, "1.28.1": 753, "1.31.3": 760])
            case .tapTime where tapped && tapFingers == 2:
                ("evdev-mt-touchpad-tap.c", ["1.22.1": 445, "1.28.1": 447, "1.31.3": 449])
            case .tapTime where tapped && tapFingers >= 3:
                ("evdev-mt-touchpad-tap.c", ["1.22.1": 657, "1.28.1": 659, "1.31.3": 665])
            case .tapTime where tapped: ("evdev-mt-touchpad-tap.c", ["1.22.1": 233, "1.28.1": 235, "1.31.3": 235])
            case .tapTime where tapFingers == 2:
                ("evdev-mt-touchpad-tap.c", ["1.22.1": 383, "1.28.1": 385, "1.31.3": 385])
            case .tapTime where tapFingers >= 3:
                ("evdev-mt-touchpad-tap.c", ["1.22.1": 516, "1.28.1": 518, "1.31.3": 521])
            case .tapTime: ("evdev-mt-touchpad-tap.c", ["1.22.1": 254, "1.28.1": 256, "1.31.3": 253])
            case .tapTravel: ("evdev-mt-touchpad-tap.c", ["1.22.1": 1189, "1.28.1": 1192, "1.31.3": 1200])
            case .tapDrag: ("evdev-mt-touchpad-tap.c", ["1.22.1": 764, "1.28.1": 766, "1.31.3": 773])
            case .palmPressure: ("evdev-mt-touchpad.c", ["1.22.1": 1114, "1.28.1": 1109, "1.31.3": 1043])
            case .palmSize: ("evdev-mt-touchpad.c", ["1.22.1": 1038, "1.28.1": 1040, "1.31.3": 975])
            case .touchPressure: ("evdev-mt-touchpad.c", ["1.22.1": 1229, "1.28.1": 1224, "1.31.3": 1158])
            case .touchSize: ("evdev-mt-touchpad.c", ["1.22.1": 1319, "1.28.1": 1314, "1.31.3": 1242])
            case .palmEdge where topEdge: ("evdev-mt-touchpad.c", ["1.22.1": 859, "1.28.1": 876, "1.31.3": 822])
            case .palmEdge: ("evdev-mt-touchpad.c", ["1.22.1": 852, "1.28.1": 869, "1.31.3": 816])
            case .gestureMovement where movement == .minMove:
                ("evdev-mt-touchpad-gestures.c", ["1.22.1": 994, "1.28.1": 1368, "1.31.3": 1510])
            case .gestureMovement where movement == .still:
                ("evdev-mt-touchpad-gestures.c", ["1.22.1": 925, "1.28.1": 1287, "1.31.3": 1426])
            case .gestureMovement where movement == .pinch:
                ("evdev-mt-touchpad-gestures.c", ["1.22.1": 1040, "1.28.1": 1419, "1.31.3": 1563])
            case .gestureMovement: ("evdev-mt-touchpad-gestures.c", ["1.22.1": 957, "1.28.1": 1318, "1.31.3": 1462])
            case .gestureSpacing: ("evdev-mt-touchpad-gestures.c", ["1.22.1": 942, "1.28.1": 1293, "1.31.3": 1431])
            case .gestureDirection: ("evdev-mt-touchpad-gestures.c", ["1.22.1": 1008, "1.28.1": 1382, "1.31.3": 1524])
            // 1.22 has one scroll state, whose handler makes the check.
            case .scrollToPinch where scrollStarting:
                ("evdev-mt-touchpad-gestures.c", ["1.22.1": 1171, "1.28.1": 1546, "1.31.3": 1685])
            case .scrollToPinch: ("evdev-mt-touchpad-gestures.c", ["1.22.1": 1171, "1.28.1": 1576, "1.31.3": 1717])
            case .thumbPosition where thumbTest == .exclusion:
                ("evdev-mt-touchpad-thumb.c", ["1.22.1": 88, "1.28.1": 88, "1.31.3": 88])
            case .thumbPosition where thumbTest == .size:
                ("evdev-mt-touchpad-thumb.c", ["1.22.1": 106, "1.28.1": 106, "1.31.3": 102])
            case .thumbPosition where thumbTest == .edgeScrolling:
                ("evdev-mt-touchpad-thumb.c", ["1.22.1": 118, "1.28.1": 118, "1.31.3": 114])
            case .thumbPosition: ("evdev-mt-touchpad-thumb.c", ["1.22.1": 117, "1.28.1": 117, "1.31.3": 113])
            case .thumbContext where thumbStep == .speed:
                ("evdev-mt-touchpad-thumb.c", ["1.22.1": 331, "1.28.1": 331, "1.31.3": 310])
            case .thumbContext where thumbStep == .close:
                ("evdev-mt-touchpad-thumb.c", ["1.22.1": 349, "1.28.1": 349, "1.31.3": 328])
            case .thumbContext where thumbStep == .soon:
                ("evdev-mt-touchpad-thumb.c", ["1.22.1": 362, "1.28.1": 362, "1.31.3": 342])
            case .thumbContext: ("evdev-mt-touchpad-thumb.c", ["1.22.1": 373, "1.28.1": 373, "1.31.3": 354])
            case .restingThumb: ("evdev-mt-touchpad-gestures.c", ["1.22.1": 963, "1.28.1": 1337, "1.31.3": 1481])
            case .holdTimer: ("evdev-mt-touchpad-gestures.c", ["1.22.1": 549, "1.28.1": 540, "1.31.3": 533])
            case .holdAndMotion: ("evdev-mt-touchpad-gestures.c", ["1.22.1": 711, "1.28.1": 763, "1.31.3": 791])
            case .fingerSwitch: ("evdev-mt-touchpad-gestures.c", ["1.22.1": 1457, "1.28.1": 2048, "1.31.3": 2240])
            // 1.22.1 returns for any count but two without gestures; later versions look for the
            // top and bottom touches among the slots they follow, and with one find nothing.
            case .gestureSupport where fingers >= 3:
                ("evdev-mt-touchpad-gestures.c", ["1.22.1": 1077, "1.28.1": 1488, "1.31.3": 1630])
            case .gestureSupport where scrollWaits && movement == .maxMove:
                ("evdev-mt-touchpad-gestures.c", ["1.28.1": 1347, "1.31.3": 1491])
            case .gestureSupport where scrollWaits && movement == .minMove:
                ("evdev-mt-touchpad-gestures.c", ["1.28.1": 1382, "1.31.3": 1524])
            case .gestureSupport where scrollWaits: ("evdev-mt-touchpad-gestures.c", ["1.28.1": 1292, "1.31.3": 1431])
            case .gestureSupport: ("evdev-mt-touchpad-gestures.c", ["1.22.1": 1077, "1.28.1": 1456, "1.31.3": 1598])
            case .gestureFingerLimit:
                ("evdev-mt-touchpad-gestures.c", ["1.22.1": 1332, "1.28.1": 1889, "1.31.3": 2076])
            case .gestureFakeFingers:
                ("evdev-mt-touchpad-gestures.c", ["1.22.1": 907, "1.28.1": 1266, "1.31.3": 1403])
            case .tapFakeFingerMotion: ("evdev-mt-touchpad-tap.c", ["1.22.1": 1175, "1.28.1": 1178, "1.31.3": 1186])
            case .typingPalm where typingSetting == .keyHeld:
                ("evdev-mt-touchpad.c", ["1.22.1": 2242, "1.28.1": 2239, "1.31.3": 2167])
            case .typingPalm where typingSetting == .laterKey:
                ("evdev-mt-touchpad.c", ["1.22.1": 2348, "1.28.1": 2355, "1.31.3": 2282])
            case .typingPalm: ("evdev-mt-touchpad.c", ["1.22.1": 2346, "1.28.1": 2353, "1.31.3": 2280])
            case .touchJump: ("evdev-mt-touchpad.c", ["1.22.1": 1562, "1.28.1": 1557, "1.31.3": 1478])
            case .threeFingerDragOrSwipe: ("evdev-mt-touchpad-gestures.c", ["1.31.3": 1097])
            }
        return cite(file, lines)
    }

    /// Where a clickpad's button held by a finger cancels the gesture, and its hold timer
    /// (`tp_gesture_post_events`).
    var holdReset: String {
        cite("evdev-mt-touchpad-gestures.c", ["1.22.1": 1312, "1.28.1": 1869, "1.31.3": 2054])
    }

    /// Where the tap machine's waiting states filter motion (`tp_tap_handle_state`), and where
    /// motion filtered so cancels a scroll, pinch or swipe under way (`tp_post_events`).
    var tapMotionFilter: String {
        cite("evdev-mt-touchpad-tap.c", ["1.22.1": 1316, "1.28.1": 1311, "1.31.3": 1314])
    }
    var motionGesturesCancelled: String {
        cite("evdev-mt-touchpad.c", ["1.22.1": 1877, "1.28.1": 1873, "1.31.3": 1795])
    }

    /// `src/file:line (libinput version)` for the version cited, its line among `lines` by
    /// version (none where the version has none), and the version asked for when it is another.

    /// Whether the gesture machine waits on a new finger count in `state` (short name) rather than
    /// taking it at once: in a gesture under way, from 1.27 by its state (`tp_gesture_has_started`,
    /// renamed `tp_gesture_debounce_finger_changes` in 1.28); before, once it has begun
    /// (`gesture.started`: a hold at once, another gesture by its first event, `sent` since the
    /// state began).
    func waitsOnFingerCount(in state: String, sent: Bool) -> Bool {
        let hold = state == "HOLD" || state == "HOLD_AND_MOTION"
        guard hold || ["SCROLL", "PINCH", "SWIPE"].contains(state) || state.hasPrefix("3FG_DRAG") else { return false }
        return hold || sent || !LibinputChange.isBefore(version, "1.27.0")
    }

    /// Where the gesture machine sends nothing while a new finger count is pending.
    var fingerCountWait: String {
        cite("evdev-mt-touchpad-gestures.c", ["1.22.1": 1322, "1.28.1": 1879, "1.31.3": 2064])
    }

    /// Where libinput restarts every touch's motion history at a new finger count, which may move
    /// the coordinates (`tp_need_motion_history_reset`).
    var fingerCountReset: String {
        cite("evdev-mt-touchpad.c", ["1.22.1": 1461, "1.28.1": 1456, "1.31.3": 1377])
    }

    /// How long after it began an edge palm may leave the zone to be let go (`PALM_TIMEOUT`, ms),
    /// and where it is let go: if it leaves within it, away from the edge, then whenever another
    /// finger, no palm, is down beside it (`tp_palm_detect_multifinger`).
    let edgePalmTimeout = 200.0
    var edgePalmRelease: String {
        cite(
            "evdev-mt-touchpad.c", ["1.22.1": 979, "1.28.1": 981, "1.31.3": 916],
            ["1.22.1": 1057, "1.28.1": 1059, "1.31.3": 991])
    }

    /// Where libinput drops a touchpad's BTN_0…BTN_2 without a trackpoint to pass them to.
    var trackpointButtonDrop: String {
        cite("evdev-mt-touchpad.c", ["1.22.1": 708, "1.28.1": 725, "1.31.3": 683])
    }

    /// How far a touch a clickpad's press pinned moves before libinput lets it go, in mm, and where.
    let unpinDistance = 1.5
    var unpin: String { cite("evdev-mt-touchpad.c", ["1.22.1": 797, "1.28.1": 814, "1.31.3": 765]) }
    /// Where a clickpad's press pins every touch (`tp_pin_fingers`).
    var clickPinning: String { cite("evdev-mt-touchpad.c", ["1.22.1": 1817, "1.28.1": 1812, "1.31.3": 1734]) }

    /// Where the gesture machine takes a new finger count at once, before a gesture's first event.
    var fingerCountAtOnce: String {
        cite("evdev-mt-touchpad-gestures.c", ["1.22.1": 1442, "1.28.1": 2033, "1.31.3": 2227])
    }

    /// How far a touch on a clickpad's software button moves before it counts as a finger
    /// (`t->button.has_moved`, `tp_button_touch_active`), in mm, and where.
    let softButtonMove = 5.0
    var softButtonRelease: String {
        cite("evdev-mt-touchpad-buttons.c", ["1.22.1": 523, "1.28.1": 523, "1.31.3": 492])
    }

    /// `DEFAULT_DRAG_TIMEOUT_PERIOD_BASE` and `_PERFINGER`: how long after a tap of `fingers`
    /// libinput holds its button for a drag (ms), and where it sets that timer after a tap.
    func dragTimeout(fingers: Int) -> Double { 160 + 20 * Double(fingers) }
    func dragTimer(fingers: Int = 1) -> String {
        switch fingers {
        case 2: cite("evdev-mt-touchpad-tap.c", ["1.22.1": 452, "1.28.1": 454, "1.31.3": 456])
        case 3...: cite("evdev-mt-touchpad-tap.c", ["1.22.1": 664, "1.28.1": 666, "1.31.3": 672])
        default: cite("evdev-mt-touchpad-tap.c", ["1.22.1": 241, "1.28.1": 243, "1.31.3": 243])
        }
    }
    /// The strip along the right edge (and the bottom) in which edge scrolling scrolls
    /// (`tp_edge_scroll_init`), in mm.
    let edgeScrollStrip = 7.0
    /// Where a 1-finger hold's moving finger is weighed against `HOLD_AND_MOTION_THRESHOLD`: kept
    /// beside the motion under it, ended past it (`tp_gesture_detect_motion_gestures`).
    var holdMotionThreshold: String {
        cite("evdev-mt-touchpad-gestures.c", ["1.22.1": 885, "1.28.1": 1244, "1.31.3": 1384])
    }
    /// Where the tap machine, two of three fingers lifted, sends their tap on any event but a
    /// thumb's or a palm's lift (`tp_tap_touch3_release2_handle_event`).
    var threeReleasedTap: String {
        cite("evdev-mt-touchpad-tap.c", ["1.22.1": 638, "1.28.1": 640, "1.31.3": 645])
    }
    /// `DEFAULT_DRAGLOCK_TIMEOUT_PERIOD`: with drag lock, how long a lifted drag waits (ms).
    let dragLockTimeout = 300.0
    /// Where a touch back within the drag lock's wait goes on dragging, by motion or the tap
    /// timer (`tp_tap_dragging_tap_handle_event`).
    var dragResumed: String { cite("evdev-mt-touchpad-tap.c", ["1.22.1": 930, "1.28.1": 933, "1.31.3": 944]) }
    /// Where a finger back under drag lock lifts again without moving, which lets the drag's button
    /// go (`tp_tap_dragging_tap_handle_event`, `TAP_EVENT_RELEASE`).
    var dragLockTapped: String { cite("evdev-mt-touchpad-tap.c", ["1.22.1": 923, "1.28.1": 926, "1.31.3": 937]) }

    /// Disable-while-typing's timer after a first key and after each later one
    /// (`DEFAULT_KEYBOARD_ACTIVITY_TIMEOUT_1`, `_2`, the default of 1.31's setting), in ms; where
    /// `tp_keyboard_event` sets it is cited as `typingPalm`'s source.
    let keyboardFirstTimeout = 200.0
    let keyboardLaterTimeout = 500.0
    /// Whether holding `modifier` keeps a first key from starting disable-while-typing
    /// (`tp_keyboard_event`, its `mod_mask`): every modifier before 1.26.1; from it, Shift not,
    /// and Shift with a key starts it (`tp_key_is_shift`).
    func holdingBlocksTyping(_ modifier: UInt32) -> Bool {
        LibinputChange.isBefore(version, "1.26.1") || !(modifier == 42 || modifier == 54)
    }
    /// The modifiers that make a shortcut, in words, and where a first key with one held is passed over.
    var typingShortcutModifiers: String {
        LibinputChange.isBefore(version, "1.26.1")
            ? "Ctrl, Alt, Shift, Meta, Fn, Tab, Caps Lock or Compose"
            : "Ctrl, Alt, Meta, Fn, Tab, Caps Lock or Compose; "
                + "not Shift"
    }
    var typingShortcut: String { cite("evdev-mt-touchpad.c", ["1.22.1": 2340, "1.28.1": 2347, "1.31.3": 2275]) }
    /// Where a key still held when the typing timer runs out counts as pressed again.
    var typingRefresh: String { cite("evdev-mt-touchpad.c", ["1.22.1": 2243, "1.28.1": 2240, "1.31.3": 2168]) }
    /// Where a typing palm is let go only if it began after the last key.
    var typingRelease: String { cite("evdev-mt-touchpad.c", ["1.22.1": 906, "1.28.1": 908, "1.31.3": 849]) }

    /// Where a jailed thumb escapes (`tp_thumb_update_touch`), and where speed lets it.
    var thumbEscape: (escape: String, speed: String) {
        (
            cite("evdev-mt-touchpad-thumb.c", ["1.22.1": 263, "1.28.1": 263, "1.31.3": 248]),
            cite("evdev-mt-touchpad-thumb.c", ["1.22.1": 126, "1.28.1": 126, "1.31.3": 122])
        )
    }

    /// Whether a citation names the line and the version, or the file alone
    /// (``SequenceExplanation/conclusionAcrossVersions``).
    var citesLines = true

    /// `src/FILE:LINE (libinput VERSION)` for the version cited; several places in one file are
    /// `:LINE, LINE`, in the order given.
    func cite(_ file: String, _ lines: [String: Int]...) -> String {
        guard citesLines else { return "src/\(file)" }
        let found = lines.compactMap { $0[cited] }
        let line = found.isEmpty ? "" : ":" + found.map(String.init).joined(separator: ", ")
        return "src/\(file)\(line) (libinput \(cited)" + (cited == version ? ")" : ", nearest to \(version))")
    }
}
