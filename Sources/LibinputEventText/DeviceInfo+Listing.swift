import Foundation
import LibinputEvents

extension DeviceInfo {
    /// The device as `touchsynth devices` lists it, in the layout of `libinput list-devices`: a
    /// line each for its name, node, capabilities, size and natural scrolling, then a blank line.
    public var listing: [String] {
        [
            "Device:        \(name)",
            "Kernel:        /dev/input/\(sysname)",
            "Capabilities:  \(capabilities.map(\.rawValue).joined(separator: " "))",
            "Size:          " + (sizeMM.map { String(format: "%.0fx%.0fmm", $0.width, $0.height) } ?? "n/a"),
            "Nat.scrolling: " + (naturalScrolling.map { $0 ? "enabled" : "disabled" } ?? "n/a"),
            "",
        ]
    }
}
