import Foundation
import LibinputEventText
import Recordings

/// One unit of a corpus's work: a gesture synthesized on a device and replayed on one libinput
/// version. Shards divide a corpus by pairs; result files hold one record per pair.
public struct CorpusPair: Hashable, Sendable, Codable {
    /// The device's file, as the table names it.
    public var device: String
    public var gesture: String
    public var libinput: String

    public init(device: String, gesture: String, libinput: String) {
        self.device = device
        self.gesture = gesture
        self.libinput = libinput
    }

    /// For messages: `DEVICE GESTURE on libinput VERSION`.
    public var name: String { "\(device) \(gesture) on libinput \(libinput)" }
}

extension CorpusDevice {
    /// What the device is, as stored in a result file: every field of its description that a
    /// corpus keeps (its axes at 0, no switch on), in a fixed order, so that the same device
    /// always gives the same bytes.
    var stored: StoredDescription { StoredDescription(description) }

    /// A 64-bit FNV-1a hash of the device's stored description, a gesture's script and a libinput
    /// version: the same on every machine and run, whatever the file is called.
    func contentHash(gesture: CorpusGesture, libinput: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in stored.json.utf8 + Array("\n\(gesture.script)\n\(libinput)".utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}

/// A ``DeviceDescription`` as JSON, field for field (a result file carries its devices, so that
/// merging needs no other input).
struct StoredDescription: Codable, Equatable {
    var name: String
    var id: [UInt16]
    var codes: [String: [UInt16]]
    var absinfo: [String: AbsInfo]
    var properties: [UInt16]
    var udevProperties: [String: String]

    init(_ d: DeviceDescription) {
        name = d.name
        id = [d.bustype, d.vendor, d.product, d.version]
        codes = Dictionary(uniqueKeysWithValues: d.codes.map { (String($0.key), $0.value.sorted()) })
        absinfo = Dictionary(uniqueKeysWithValues: d.absinfo.map { (String($0.key), $0.value) })
        properties = d.properties.sorted()
        udevProperties = d.udevProperties
    }

    /// The description back; nil if a field is malformed.
    var description: DeviceDescription? {
        guard id.count == 4 else { return nil }
        var d = DeviceDescription(name: name, bustype: id[0], vendor: id[1], product: id[2], version: id[3])
        for (type, codes) in codes {
            guard let type = UInt16(type) else { return nil }
            d.codes[type] = Set(codes)
        }
        for (code, info) in absinfo {
            guard let code = UInt16(code) else { return nil }
            d.absinfo[code] = info
        }
        d.properties = Set(properties)
        d.udevProperties = udevProperties
        return d
    }

    /// Sorted keys (``JSONLines``): the same description, the same text.
    var json: String { (try? JSONLines.line(self)) ?? "" }
}
