import ArgumentParser
import LibinputEvents

/// How libinput configures each device it adds: the settings a desktop's touchpad panel
/// changes, which decide what a tap or a two-finger click becomes.
struct DeviceConfigOptions: ParsableArguments {
    @Flag(help: "Turn tap-to-click on (libinput's default is off): a two-finger tap is then a right click.") var enableTap = false
    @Option(help: ArgumentHelp("The clickpad's click method: buttonareas (the pad's bottom corners are its buttons) or clickfinger (two fingers clicking make a right click). Default: libinput's for the device.",
                               valueName: "method")) var clickMethod: DeviceConfiguration.ClickMethod?

    var configuration: DeviceConfiguration { DeviceConfiguration(tapToClick: enableTap, clickMethod: clickMethod) }
}

extension DeviceConfiguration.ClickMethod: ExpressibleByArgument {}
