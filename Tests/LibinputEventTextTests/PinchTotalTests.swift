import LibinputEvents
import Testing

/// The one fold of a pinch's updates that the translator, the report, the view, the status line,
/// the bridge's check, the compositor comparison and the corpus share.
struct PinchTotalTests {
    @Test func theScaleIsTakenAndTheAngleSummed() {
        var total = PinchTotal()
        #expect(total.scale == 1 && total.angle == 0)
        total.add(scale: 1.25, angleDelta: 2.5)
        total.add(scale: 1.5, angleDelta: -1)
        #expect(total.scale == 1.5)
        #expect(total.angle == 1.5)
    }

    @Test func aValueThatWouldMakeItNonFiniteIsDropped() {
        var total = PinchTotal()
        total.add(scale: 2, angleDelta: 10)
        total.add(scale: .nan, angleDelta: .infinity)
        #expect(total.scale == 2 && total.angle == 10)
        total.add(scale: .infinity, angleDelta: .greatestFiniteMagnitude)
        total.add(scale: 3, angleDelta: .greatestFiniteMagnitude)
        #expect(total.scale == 3)
        #expect(total.angle == .greatestFiniteMagnitude) // 10 is lost in the first sum; the second overflows
    }

    @Test func aNegativeScaleCountsAsZero() {
        var total = PinchTotal()
        total.add(scale: -0.5, angleDelta: 0)
        #expect(total.scale == 0)
    }
}
