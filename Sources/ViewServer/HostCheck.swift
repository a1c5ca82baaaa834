/// Which requests the server answers: those addressed to it. A web page from elsewhere can make
/// a browser send requests to 127.0.0.1, and, through DNS rebinding, read the answers as its own
/// origin's; such requests carry that site's name in `Host` or `Origin`, so they are refused.
struct HostCheck: Sendable {
    let port: UInt16

    /// `Host` names this server: `localhost` or an IP address literal (rebinding needs a DNS
    /// name), with the server's port.
    func allows(host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        let suffix = ":\(port)"
        guard host.hasSuffix(suffix) else { return false }
        let name = String(host.dropLast(suffix.count))
        return name == "localhost" || Self.isIPv4(name)
            || (name.hasPrefix("[") && name.hasSuffix("]") && Self.isIPv6(name.dropFirst().dropLast()))
    }

    /// `Origin`, when a browser sends one (scripts, WebSockets), is this server as `Host` names it.
    func allows(origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        guard let host else { return false }
        return origin.lowercased() == "http://" + host.lowercased()
    }

    private static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCIIDigit) && Int(part)! <= 255
            }
    }

    private static func isIPv6(_ text: Substring) -> Bool {
        !text.isEmpty && text.contains(":") && text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
