/// The channel's binary form, both directions side by side: little-endian integers, doubles by
/// their bit pattern (every value, NaN and infinities included, crosses unchanged), optionals
/// behind a presence byte, strings as a length and UTF-8.
public struct WireWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func put<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func put(_ value: Double) { put(value.bitPattern) }

    public mutating func put(_ value: Bool) { put(UInt8(value ? 1 : 0)) }

    public mutating func put(_ value: Double?) {
        put(value != nil)
        if let value { put(value) }
    }

    public mutating func put(_ value: String) {
        let utf8 = value.utf8
        put(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    public mutating func put(_ value: String?) {
        put(value != nil)
        if let value { put(value) }
    }

    /// Overwrites the 32-bit value at `offset` (a length written before what it measures).
    mutating func patch(_ value: UInt32, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for (i, byte) in raw.enumerated() { bytes[offset + i] = byte }
        }
    }

    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }
}

/// Reads what a ``WireWriter`` wrote, in the same order; running out of bytes or meeting a value
/// no writer writes is a ``WireError``, never a trap.
public struct WireReader {
    private let bytes: [UInt8]
    private var offset: Int
    private let end: Int

    /// Reads `bytes[range]`.
    public init(_ bytes: [UInt8], range: Range<Int>? = nil) {
        self.bytes = bytes
        offset = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset == end }

    public mutating func get<T: FixedWidthInteger>(_: T.Type = T.self) throws(WireError) -> T {
        let size = MemoryLayout<T>.size
        guard end - offset >= size else { throw WireError("truncated: \(size) bytes wanted, \(end - offset) left") }
        var value = T.zero
        for i in 0..<size { value |= T(truncatingIfNeeded: bytes[offset + i]) << (8 * i) }
        offset += size
        return value
    }

    public mutating func get(_: Double.Type = Double.self) throws(WireError) -> Double {
        Double(bitPattern: try get(UInt64.self))
    }

    public mutating func get(_: Bool.Type = Bool.self) throws(WireError) -> Bool {
        switch try get(UInt8.self) {
        case 0: return false
        case 1: return true
        case let other: throw WireError("\(other) is not a boolean")
        }
    }

    public mutating func get(_: Double?.Type) throws(WireError) -> Double? {
        try get(Bool.self) ? try get(Double.self) : nil
    }

    public mutating func get(_: String.Type = String.self) throws(WireError) -> String {
        let count = Int(try get(UInt32.self))
        guard end - offset >= count else {
            throw WireError("truncated: a string of \(count) bytes, \(end - offset) left")
        }
        defer { offset += count }
        return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
    }

    public mutating func get(_: String?.Type) throws(WireError) -> String? {
        try get(Bool.self) ? try get(String.self) : nil
    }
}

/// Bytes that are not what a writer of this build writes.
public struct WireError: Error, Equatable, Sendable, CustomStringConvertible {
    public var problem: String

    public init(_ problem: String) { self.problem = problem }

    public var description: String { problem }
}
