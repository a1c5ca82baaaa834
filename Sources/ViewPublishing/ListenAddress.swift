import Foundation

/// An address the view listens on, as `--listen` gives it: an IPv4 or IPv6 literal.
public enum ListenAddress {
    /// Whether `address` is this machine's own, reachable from no other: IPv4's 127.0.0.0/8, IPv6's
    /// `::1` however written, or an IPv4-mapped loopback (`::ffff:127.0.0.1`).
    public static func isLoopback(_ address: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff
        return bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1 || mapped && bytes[12] == 127
    }

    /// Whether `address` is an IPv6 link-local one (fe80::/10), however written: bound only with
    /// its interface, which a literal cannot carry.
    public static func isLinkLocal(_ address: String) -> Bool {
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        return bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80
    }

    /// The page's address on `address` and `port`, the address as inet_ntop writes it: IPv6's
    /// `0:0:0:0:0:0:0:1` as `::1`, bracketed, as a browser writes it (an IPv4-mapped one, which a
    /// browser writes in hex, keeps its dotted form, which the server's Host check takes too).
    public static func url(_ address: String, port: UInt16) -> String {
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return "http://\(address):\(port)/" }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = inet_ntop(AF_INET6, &v6, &text, socklen_t(text.count)) != nil
        let canonical = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "http://[\(written ? canonical : address)]:\(port)/"
    }
}
