/// Where libinput tells thumbs on a clickpad at least 50 mm tall (`tp_init_thumb`,
/// src/evdev-mt-touchpad-thumb.c): the thumb line at 85 % of the height and the exclusion line at
/// 92 %, each a share of the height in mm made device units by truncation
/// (`evdev_device_mm_to_units`), as libinput compares a touch's position in units with them.
struct ThumbLines {
    /// The pad's height as libinput gave it, in mm.
    let height: Double
    let upper: (units: Double, mm: Double)
    let lower: (units: Double, mm: Double)
    private let resolution: Double
    private let minimum: Double

    init(height: Double, resolution: Double, minimum: Double, rules: RuleBook) {
        self.height = height
        self.resolution = resolution
        self.minimum = minimum
        func line(_ share: Double) -> (units: Double, mm: Double) {
            let units = (height * share * resolution + minimum).rounded(.towardZero)
            return (units, (units - minimum) / resolution)
        }
        upper = line(rules.thumbLine)
        lower = line(rules.thumbExclusionLine)
    }

    /// A position `y` mm down the pad, in device units as the kernel sent it.
    func units(_ y: Double) -> Double { (y * resolution + minimum).rounded() }
}

extension SequenceAnalysis {
    /// The thumb lines, where libinput tells thumbs on this pad: a clickpad at least 50 mm tall
    /// whose size it measures in mm.
    var thumbLines: ThumbLines? {
        guard thresholds.thumbDetection != nil, let height = padSize?.height, height >= rules.thumbMinHeight,
            let y = recording.positionAxes?.y
        else { return nil }
        return ThumbLines(height: height, resolution: Double(y.resolution), minimum: Double(y.minimum), rules: rules)
    }
}
