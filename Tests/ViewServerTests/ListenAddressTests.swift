import ViewPublishing
import XCTest

/// Which `--listen` addresses `view` warns about (any but this machine's own), and how it
/// prints them.
final class ListenAddressTests: XCTestCase {
    func testLoopbackAddressesHoweverWritten() {
        for address in ["127.0.0.1", "127.0.0.2", "127.255.255.254", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"] {
            XCTAssertTrue(ListenAddress.isLoopback(address), address)
        }
        for address in ["0.0.0.0", "::", "192.168.1.2", "128.0.0.1", "::2", "::ffff:10.0.0.1", "localhost", ""] {
            XCTAssertFalse(ListenAddress.isLoopback(address), address)
        }
    }

    /// fe80::/10, however written; not a unique local, global or IPv4 address.
    func testLinkLocalAddressesHoweverWritten() {
        for address in ["fe80::1", "FE80::1", "fe80:0:0:0:0:0:0:2", "febf::1", "fe9a::3"] {
            XCTAssertTrue(ListenAddress.isLinkLocal(address), address)
        }
        for address in ["fec0::1", "fd00::1", "2001:db8::1", "::1", "169.254.1.1", "fe80", ""] {
            XCTAssertFalse(ListenAddress.isLinkLocal(address), address)
        }
    }

    /// The address the view prints is written as inet_ntop writes it, as a browser does (but an
    /// IPv4-mapped one, which keeps its dotted form).
    func testTheAddressPrintedIsCanonical() {
        XCTAssertEqual(ListenAddress.url("127.0.0.1", port: 8080), "http://127.0.0.1:8080/")
        XCTAssertEqual(ListenAddress.url("0:0:0:0:0:0:0:1", port: 80), "http://[::1]:80/")
        XCTAssertEqual(ListenAddress.url("FE80:0::0:1", port: 1), "http://[fe80::1]:1/")
        XCTAssertEqual(ListenAddress.url("::ffff:127.0.0.1", port: 2), "http://[::ffff:127.0.0.1]:2/")
    }
}
