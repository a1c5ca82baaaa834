import Foundation
import Recordings

/// One distinct device of the corpus and the first file that described it.
public struct CorpusDevice: Sendable {
    /// The file that described it first, by name.
    public var file: String
    public var description: DeviceDescription

    /// Touchpads among `paths` (files or directories), each device once.
    public static func collect(_ paths: [String]) throws(RecordingError) -> [CorpusDevice] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw RecordingError(.missingFile, file: path, "no such file or directory")
            }
            if isDirectory.boolValue {
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += entries.filter { [".desc", ".events", ".evemu", ".yml", ".yaml", ".evtest"].contains(where: $0.hasSuffix) }
                    .sorted().map { path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        var seen: [DeviceDescription] = []
        var devices: [CorpusDevice] = []
        for file in files {
            var device = try RecordingLoader.load(file).device
            guard device.udevInputKinds.contains("ID_INPUT_TOUCHPAD") else { continue }
            // The current axis values say nothing about the device.
            for code in device.absinfo.keys { device.absinfo[code]?.value = 0 }
            if seen.contains(device) { continue }
            seen.append(device)
            devices.append(CorpusDevice(file: URL(fileURLWithPath: file).lastPathComponent, description: device))
        }
        return devices
    }

    /// How the device tracks touches, for the table.
    public var tracking: String {
        let d = description
        if !d.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT) {
            return d.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_X) ? "MT protocol A" : "single-touch"
        }
        return d.has(property: Evdev.INPUT_PROP_SEMI_MT) ? "semi-mt" : "\(d.slotCount) slots"
    }
}
