/// The kernel's filter against jitter (`input_defuzz_abs_event`, drivers/input/input.c), which
/// mtdev applies too to a contact it follows (`filter_data`, src/core.c).
public enum JitterFilter {
    /// `value` after `old` on an axis of `fuzz`: within half the fuzz it is dropped (`old`
    /// stays), within the fuzz or twice it damped toward `old`; further, or without fuzz, as it is.
    public static func damped(_ value: Int32, after old: Int32, fuzz: Int32) -> Int32 {
        guard fuzz > 0 else { return value }
        let (v, o, f) = (Int64(value), Int64(old), Int64(fuzz))
        if v > o - f / 2 && v < o + f / 2 { return old }
        if v > o - f && v < o + f { return Int32((o * 3 + v) / 4) }
        if v > o - f * 2 && v < o + f * 2 { return Int32((o + v) / 2) }
        return value
    }
}
