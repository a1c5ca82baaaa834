import ViewPublishing
import XCTest

/// Which `--listen` addresses `view` warns about: any but this machine's own.
final class ListenAddressTests: XCTestCase {
    func testLoopbackAddressesHoweverWritten() {
        for address in ["127.0.0.1", "127.0.0.2", "127.255.255.254", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"] {
            XCTAssertTrue(ListenAddress.isLoopback(address), address)
        }
        for address in ["0.0.0.0", "::", "192.168.1.2", "128.0.0.1", "::2", "::ffff:10.0.0.1", "localhost", ""] {
            XCTAssertFalse(ListenAddress.isLoopback(address), address)
        }
    }
}
