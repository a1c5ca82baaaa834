/// The buses a device reports (`BUS_*` in linux/input.h, a description's `bustype`), by the name
/// libinput's quirks match them (`MatchBus`) and as a person names them.
public enum Bus {
    public static let usb: UInt16 = 0x03
    public static let bluetooth: UInt16 = 0x05
    public static let virtual: UInt16 = 0x06
    /// BUS_I8042: a laptop's PS/2 controller.
    public static let ps2: UInt16 = 0x11
    public static let i2c: UInt16 = 0x18
    public static let host: UInt16 = 0x19
    public static let spi: UInt16 = 0x1c
    public static let rmi: UInt16 = 0x1d

    /// Each bus by the name a quirks file's `MatchBus` gives it.
    public static let quirkNames: [String: UInt16] = [
        "usb": usb, "bluetooth": bluetooth, "ps2": ps2, "i2c": i2c, "rmi": rmi, "spi": spi, "virtual": virtual,
    ]

    /// `bus` as a person names it: `USB`, `PS/2`, else its number.
    public static func name(_ bus: UInt16) -> String {
        let names = [usb: "USB", bluetooth: "Bluetooth", virtual: "virtual", ps2: "PS/2", i2c: "I2C", host: "host"]
        return names[bus] ?? "bus 0x" + String(bus, radix: 16)
    }
}
