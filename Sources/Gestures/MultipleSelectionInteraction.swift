import AppEvents

extension GestureKind {
    public static let multiSelect = GestureKind("multiSelect")
}

/// A list's two-finger pan into multiple selection (WWDC19 224 "Modernizing Your UI for iOS 13";
/// `tableView(_:shouldBeginMultipleSelectionInteractionAt:)`,
/// https://developer.apple.com/documentation/uikit/selecting-multiple-items-with-a-two-finger-pan-gesture):
/// two touches panning up or down over a list that opts in select the rows they cross, a run
/// from the row where they came down. Continuous: `began` is
/// `didBeginMultipleSelectionInteractionAt`, `ended` is `didEndMultipleSelectionInteraction`.
///
/// Apple describes it for fingers on a screen. A trackpad's two-finger pan is scroll events,
/// which carry no touches, so it cannot start it; compatibility mode's two simulated touches of
/// a pinch or rotation can. Modelled, as Apple gives no figures: the rows are `rowHeight` tall
/// from the region's top; the pair's midpoint must move `hysteresis` points, more up or down
/// than sideways (sideways it fails, leaving the list's swipe actions); the selection runs from
/// the row under the midpoint at touch-down to the row under it now, and follows it back.
open class MultipleSelectionInteraction: GestureRecognizer {
    /// The list's opt-in (`shouldBeginMultipleSelectionInteractionAt` returning true). Default
    /// true: a list with this recognizer has opted in.
    public var shouldBeginMultipleSelectionInteraction = true
    /// Points; 44, a table view's default row height.
    public var rowHeight = 44.0
    /// Points the pair's midpoint moves before selection begins; 10, as a pan.
    public var hysteresis = 10.0
    /// The rows selected, counted from 0 as `IndexPath.row` counts a table's; nil until selection
    /// begins.
    public private(set) var selectedRows: ClosedRange<Int>?

    /// Where the pair's midpoint was when the second touch came down.
    private var start: Point?
    private var startRow = 0

    /// A recognizer called `name` (default "multiSelect"), for fingers only.
    public init(name: String = GestureKind.multiSelect.rawValue) {
        super.init(kind: .multiSelect, name: name, inputs: [.touches])
        allowedTouchTypes = [.direct]
    }

    override open var currentValues: GestureValues {
        selectedRows.map { GestureValues(GestureValues.Entry("selectedRows", .rows($0))) } ?? GestureValues()
    }

    override open func prepareForNewGesture() {
        selectedRows = nil
    }

    override open func reset() {
        start = nil
        super.reset()
    }

    /// The row at `y` (from 0), within the rows the region holds: counted as a Double first, as a
    /// tall region of thin rows holds more than an Int counts, and at most Int32.max of them, more
    /// rows than any list shows, so that a row's number fits an Int on every platform.
    private func row(at y: Double) -> Int {
        let frame = region?.frame ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let rows = min(max(1, (frame.height / rowHeight).rounded(.down)), Double(Int32.max))
        let row = ((y - frame.y) / rowHeight).rounded(.down)
        return Int(row.isNaN ? 0 : min(max(row, 0), rows - 1))
    }

    override open func touchesChanged(_ touches: [Touch], with event: AppEvent) {
        var down = 0
        var sum = Point.zero
        for touch in trackedTouches where touch.isDown {
            down += 1
            sum = sum.adding(touch.location)
        }
        if isInProgress {
            guard down == 2 else { return transition(to: .ended) }
            let current = row(at: sum.y / 2)
            let rows = min(startRow, current)...max(startRow, current)
            if rows != selectedRows {
                selectedRows = rows
                transition(to: .changed)
            }
            return
        }
        guard shouldBeginMultipleSelectionInteraction else { return fail(.declined) }
        guard down <= 2 else { return fail(.tooManyTouches(count: down, maximum: 2)) }
        guard down == 2 else {
            // One touch may yet be joined by a second; none left, or a pair that lost one, is over.
            if start != nil {
                fail(.endedBeforeMoving)
            } else if down == 0 {
                fail(.tooFewTouches(count: 1, required: 2))
            }
            return
        }
        let midpoint = sum.scaled(by: 0.5)
        guard let start else {
            self.start = midpoint
            startRow = row(at: midpoint.y)
            return
        }
        let motion = midpoint.subtracting(start)
        guard motion.magnitude > hysteresis else { return }
        guard abs(motion.y) >= abs(motion.x) else { return fail(.acrossItsAxis(motion: motion, axis: .vertical)) }
        let current = row(at: midpoint.y)
        selectedRows = min(startRow, current)...max(startRow, current)
        transition(to: .began)
    }
}
