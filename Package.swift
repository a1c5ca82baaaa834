// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TouchSynth",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "touchsynth", targets: ["touchsynth"]),
        // What `touchsynth view` runs in its place: found beside touchsynth.
        .executable(name: "touchsynth-view", targets: ["touchsynth-view"]),
        // The libinput side of every replay; a product, so that packages depending on the
        // libraries build it beside their own executables and tests.
        .executable(name: "touchsynth-libinput", targets: ["touchsynth-libinput"]),
        // The mocked-device harness's LD_PRELOAD helper, for programs other than touchsynth's own
        // libinput side (`touchsynth mock -- libinput debug-events`): libtouchsynth-preload.so.
        .library(name: "touchsynth-preload", type: .dynamic, targets: ["MockedDevicesPreload"]),
        // Counts heap allocations for `touchsynth bench`: LD_PRELOAD=libtouchsynth-alloc-count.so.
        .library(name: "touchsynth-alloc-count", type: .dynamic, targets: ["AllocationCounter"]),
        .library(name: "LibinputKit", targets: ["LibinputKit"]),
        .library(name: "LibinputEventText", targets: ["LibinputEventText"]),
        .library(name: "Recordings", targets: ["Recordings"]),
        .library(name: "GestureSynthesis", targets: ["GestureSynthesis"]),
        .library(name: "MockedDevices", targets: ["MockedDevices"]),
        .library(name: "Replays", targets: ["Replays"]),
        .library(name: "LibinputDecisions", targets: ["LibinputDecisions"]),
        .library(name: "OutputFiles", targets: ["OutputFiles"]),
        .library(name: "DesktopEvents", targets: ["DesktopEvents"]),
        .library(name: "WaylandClient", targets: ["WaylandClient"]),
        .library(name: "X11Client", targets: ["X11Client"]),
        .library(name: "DesktopSession", targets: ["DesktopSession"]),
        .library(name: "AppEvents", targets: ["AppEvents"]),
        .library(name: "Gestures", targets: ["Gestures"]),
        .library(name: "AppEventInvariants", targets: ["AppEventInvariants"]),
        .library(name: "ModeComparison", targets: ["ModeComparison"]),
        .library(name: "SurfaceDescriptions", targets: ["SurfaceDescriptions"]),
        .library(name: "Report", targets: ["Report"]),
        .library(name: "ViewTimeline", targets: ["ViewTimeline"]),
        .library(name: "ViewServer", targets: ["ViewServer"]),
        .library(name: "LiveView", targets: ["LiveView"]),
        .library(name: "DeviceCorpus", targets: ["DeviceCorpus"]),
        // For an app's own tests: recordings replayed in both modes through its recognizers.
        .library(name: "TouchSynthTesting", targets: ["TouchSynthTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // The view's web server: no dependencies of its own (docs/architecture.md says why this one).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibinput",
            pkgConfig: "libinput",
            providers: [.apt(["libinput-dev", "libudev-dev", "libevdev-dev"])]
        ),
        // Only the mocked-device harness hosts a umockdev testbed; nothing else links it.
        .systemLibrary(
            name: "CUmockdev",
            pkgConfig: "umockdev-1.0",
            providers: [.apt(["libumockdev-dev"])]
        ),
        // The uinput ioctls (kernel headers only).
        .systemLibrary(name: "CUinput"),
        // libinput's event vocabulary as plain values, so the pure modules need no C (nor Foundation:
        // the libinput side links it, and starts faster without).
        .target(name: "LibinputEvents"),
        // libinput's events as text: `libinput debug-events`' lines and JSON Lines captures read back.
        .target(name: "LibinputEventText", dependencies: ["LibinputEvents"]),
        // Clean SIGINT/SIGTERM shutdown for the poll loops of libinput and of `record`.
        .target(name: "ProcessSignals"),
        // CLOCK_MONOTONIC, the clock of evdev's and libinput's times, read and slept on in one place.
        .target(name: "MonotonicClock"),
        .target(
            name: "LibinputKit", dependencies: ["CLibinput", "LibinputEvents", "ProcessSignals", "MonotonicClock"]),
        // The evdev model and the recording formats: values and parsers, files read but no process started.
        .target(
            name: "Recordings",
            dependencies: ["Yams", "LibinputEvents", "LibinputEventText", "OutputFiles", "TextTables"]),
        // What the kernel's input core passes on of a driver's events to readers (drivers/input/input.c).
        .target(name: "KernelEmulation", dependencies: ["Recordings"]),
        // libinput's device quirks: the files it reads and what they give a device.
        .target(name: "Quirks", dependencies: ["Recordings", "LibinputEvents"]),
        // A live evdev node read directly and recorded as libinput record YAML (`touchsynth record`).
        .target(name: "EvdevRecording", dependencies: ["Recordings", "ProcessSignals", "MonotonicClock"]),
        // Gesture scripts performed as a touchpad's kernel driver would report them.
        .target(
            name: "GestureSynthesis",
            dependencies: [
                "Recordings", "Quirks", "LibinputDecisions", "LibinputEvents", "LibinputEventText", "TextTables",
            ]),
        // What the harness and its libinput side tell each other: the side's configuration and the
        // compact binary form libinput's events cross the socket in, both ends defined side by side.
        .target(name: "ReplayChannel", dependencies: ["LibinputEvents"]),
        // What the harness and its C helper tell each other (the virtual clock's steps and reports,
        // the run's shared state, their limits): one C header both sides read.
        .target(name: "PreloadProtocol"),
        // The harness's C helper: the umockdev gaps it covers and the virtual clock. Linked into the
        // libinput side, and a dynamic library for other programs.
        .target(
            name: "MockedDevicesPreload", dependencies: ["PreloadProtocol"], publicHeadersPath: ".",
            linkerSettings: [.linkedLibrary("dl")]),
        // The libinput side of a replay: real libinput on the mocked devices, its events written
        // to the harness. The harness spawns it, found beside the executable that replays.
        .executableTarget(
            name: "touchsynth-libinput", dependencies: ["LibinputKit", "ReplayChannel", "MockedDevicesPreload"]),
        // The mocked-device harness: a umockdev testbed, the program it runs, its clock and faults.
        // It depends on touchsynth-libinput so that every build that replays builds the side too.
        .target(
            name: "MockedDevices",
            dependencies: [
                "CUmockdev", "PreloadProtocol", "Recordings", "KernelEmulation", "Quirks", "LibinputEvents",
                "ReplayChannel", "touchsynth-libinput", "Histograms", "ProcessSignals", "OutputFiles", "TextTables",
                "MonotonicClock",
            ]),
        // A recording replayed through real libinput in one call: the harness's public face.
        .target(
            name: "Replays",
            dependencies: [
                "MockedDevices", "Recordings", "ReplayChannel", "LibinputEvents", "LibinputDecisions", "Quirks",
                "GestureSynthesis",
            ]),
        // Delays counted in constant memory: frame lateness, latency, the view's send delay.
        .target(name: "Histograms"),
        // Output files written whole or not at all, never over the command's inputs.
        .target(name: "OutputFiles"),
        .target(name: "AllocationCounter", publicHeadersPath: "."),
        .target(name: "AppEvents", dependencies: ["LibinputEvents"]),
        .target(name: "Gestures", dependencies: ["AppEvents", "LibinputEvents"]),
        // The rules UIKit's delivery keeps, checked on any stream of app events.
        .target(name: "AppEventInvariants", dependencies: ["AppEvents", "LibinputEvents"]),
        // The same input through both modes and fresh surfaces, and what differs between them.
        .target(
            name: "ModeComparison", dependencies: ["Gestures", "AppEvents", "AppEventInvariants", "LibinputEvents"]),
        // The same gestures synthesized on many touchpads and replayed on libinput versions.
        .target(
            name: "DeviceCorpus",
            dependencies: [
                "GestureSynthesis", "Recordings", "Quirks", "MockedDevices", "Replays", "LibinputEvents",
                "LibinputEventText", "ModeComparison", "OutputFiles", "MarkupText", "TextTables",
                "SurfaceDescriptions", "AppEvents", "Gestures", "LibinputDecisions",
            ]),
        // The speed and memory figures of `touchsynth bench`.
        .target(
            name: "Benchmarks",
            dependencies: [
                "MockedDevices", "Replays", "Recordings", "GestureSynthesis", "AppEvents", "Gestures",
                "ModeComparison", "SurfaceDescriptions", "LibinputEvents", "ViewTimeline", "ViewPublishing",
                "Histograms", "OutputFiles", "TextTables", "MonotonicClock",
            ]),
        // Surfaces built from JSON or YAML descriptions, and the built-in app screens.
        .target(
            name: "SurfaceDescriptions",
            dependencies: ["Gestures", "AppEvents", "Recordings", "LibinputEvents", "OutputFiles"],
            resources: [.copy("Screens")]),
        // The testing kit: a recording replayed through real libinput and both modes, and
        // expectations on an app's recognizers, for Swift Testing and XCTest.
        .target(
            name: "TouchSynthTesting",
            dependencies: [
                "MockedDevices", "Replays", "ModeComparison", "Gestures", "AppEvents", "SurfaceDescriptions",
                "ReportPage", "Report", "Recordings", "LibinputEvents", "GestureSynthesis",
            ]),
        // Real kernel input devices made through /dev/uinput, and a recording played on one (`touchsynth play`).
        .target(name: "UinputDevices", dependencies: ["CUinput", "Recordings", "MonotonicClock"]),
        // `touchsynth bridge`: compat mode's simulated touches as a uinput multitouch touchscreen.
        .target(
            name: "TouchscreenBridge",
            dependencies: [
                "Recordings", "AppEvents", "LibinputEvents", "LibinputEventText", "ModeComparison", "LibinputKit",
                "UinputDevices",
            ]),
        // The pictures of `touchsynth report`: SVG and HTML text from plain values, no I/O.
        .target(
            name: "Report",
            dependencies: [
                "Recordings", "AppEvents", "Gestures", "ModeComparison", "LibinputEvents", "LibinputEventText",
                "MarkupText", "TextTables", "LibinputDecisions", "Quirks",
            ]),
        // A report as one HTML page with the view's player, drawn from one run of both modes.
        .target(
            name: "ReportPage",
            dependencies: [
                "Report", "ViewTimeline", "ViewPage", "ModeComparison", "Recordings", "AppEvents",
                "Gestures", "LibinputEvents", "LibinputDecisions",
            ]),
        // What a desktop app receives: a Wayland client's pointer and gesture events as values,
        // mapped to the libinput events the translator takes. Pure Swift, no I/O.
        .target(name: "DesktopEvents", dependencies: ["LibinputEvents"]),
        // libwayland-client, for the Wayland client of `debug --wayland`.
        .systemLibrary(name: "CWaylandClient", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        // Writes the Wayland protocols' interfaces from the wayland-protocols package's XML, at build time.
        .executableTarget(name: "touchsynth-wayland-protocols"),
        .plugin(
            name: "WaylandProtocolsPlugin", capability: .buildTool(), dependencies: ["touchsynth-wayland-protocols"]),
        // A Wayland client of the session's compositor: a window of its own, the seat's pointer and
        // the pointer gestures, handed on as DesktopEvents' values.
        .target(
            name: "WaylandClient", dependencies: ["CWaylandClient", "DesktopEvents"],
            plugins: ["WaylandProtocolsPlugin"]),
        // libX11 and libXi (XInput 2.4), for the X11 client of `debug --x11`.
        .systemLibrary(name: "CX11Input", pkgConfig: "xi", providers: [.apt(["libxi-dev"])]),
        // An X11 client: a window of its own and XInput 2.4's pointer, scroll and gesture events on
        // it, handed on as DesktopEvents' values.
        .target(name: "X11Client", dependencies: ["CX11Input", "DesktopEvents"]),
        // The session's window system as a client, and libinput's events from a device beside it.
        .target(
            name: "DesktopSession",
            dependencies: ["DesktopEvents", "WaylandClient", "X11Client", "LibinputKit", "ProcessSignals"]),
        // Why libinput did what it did: its debug log read as decisions, each weighed against the
        // rules of that version recomputed from the frames. Plain values, no I/O.
        .target(
            name: "LibinputDecisions",
            dependencies: [
                "Recordings", "KernelEmulation", "LibinputEvents", "LibinputEventText", "Quirks", "TextTables",
            ]),
        // Two event streams or recordings compared event by event, one recording across libinput
        // versions, a `libinput record --with-libinput` file against a replay.
        .target(
            name: "Diffs",
            dependencies: [
                "Recordings", "KernelEmulation", "ModeComparison", "LibinputEvents", "LibinputEventText", "AppEvents",
                "AppEventInvariants", "Gestures", "LibinputDecisions", "Quirks", "TextTables",
            ]),
        // The view's model: contacts, libinput's view and both modes' screens and recognizer lanes,
        // frame by frame, for a recording or live input. Plain values, no I/O.
        .target(
            name: "ViewTimeline",
            dependencies: [
                "Recordings", "AppEvents", "Gestures", "ModeComparison", "LibinputEvents", "LibinputEventText",
                "LibinputDecisions",
            ]),
        // Text inside XML and HTML, escaped one way for the report and the view's page.
        .target(name: "MarkupText"),
        // Aligned plain-text columns, the terminal tables' one layout.
        .target(name: "TextTables"),
        // The view's page: its HTML, script and styles, files compiled into the binary, and the
        // document that holds them with a timeline (the report's player) or a stream's address.
        .target(
            name: "ViewPage",
            dependencies: ["MarkupText"],
            resources: [.embedInCode("Page/view.html"), .embedInCode("Page/view.js"), .embedInCode("Page/view.css")]),
        // `touchsynth view`'s web server: the page and its assets, the timeline, and the live stream.
        .target(
            name: "ViewServer",
            dependencies: [
                "ViewPublishing", "ViewTimeline", "ViewPage", "Histograms",
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
            ]),
        // What the view and its benchmark need of the server, without the server: the commands'
        // module links this, and only touchsynth-view links ViewServer (and FlyingFox's networking).
        .target(name: "ViewPublishing", dependencies: ["ViewTimeline", "Histograms", "OutputFiles"]),
        // `touchsynth view` live: libinput's events and the pads' own evdev frames, stepped through
        // the view's model as they come.
        .target(
            name: "LiveView",
            dependencies: [
                "LibinputKit", "EvdevRecording", "Recordings", "ViewTimeline", "LibinputEvents", "MonotonicClock",
            ]),
        // The commands of the CLI, one file each: they parse options, call the libraries and print.
        // Both executables below run them.
        .target(
            name: "TouchSynthCommands",
            dependencies: [
                "LibinputKit", "Recordings", "GestureSynthesis", "MockedDevices", "Replays", "LibinputDecisions",
                "DesktopEvents", "DesktopSession", "WaylandClient", "X11Client",
                "AppEvents",
                "AppEventInvariants", "Gestures",
                "ModeComparison", "SurfaceDescriptions", "Report", "ReportPage", "Diffs", "DeviceCorpus", "Benchmarks",
                "EvdevRecording",
                "TouchscreenBridge", "UinputDevices", "ProcessSignals", "Quirks", "ViewTimeline", "ViewPublishing",
                "LibinputEvents",
                "LiveView", "LibinputEventText", "OutputFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(name: "touchsynth", dependencies: ["TouchSynthCommands"]),
        // `touchsynth view` and `bench --view-stream`: the same commands with the view's web server,
        // which `touchsynth` leaves out (its networking libraries were a third of every start).
        .executableTarget(name: "touchsynth-view", dependencies: ["TouchSynthCommands", "ViewServer"]),
        // libFuzzer harness for every parser (tools/fuzz builds it with -sanitize=fuzzer -DFUZZING);
        // built normally, it replays a corpus through the same entry points.
        .executableTarget(
            name: "touchsynth-fuzz",
            dependencies: [
                "Recordings", "GestureSynthesis", "SurfaceDescriptions", .product(name: "Yams", package: "Yams"),
            ]
        ),
        // The ```swift blocks of README.md and docs/ compiled in the context each document gives
        // them (docs/testing.md): the reader of a document's blocks, the build tool and plugin that
        // write them as sources, and the target they compile in, which nothing links.
        .target(name: "SwiftBlocks"),
        .executableTarget(name: "touchsynth-swift-blocks", dependencies: ["SwiftBlocks"]),
        .plugin(name: "SwiftBlocksPlugin", capability: .buildTool(), dependencies: ["touchsynth-swift-blocks"]),
        .target(
            name: "DocumentedSwift",
            dependencies: [
                "TouchSynthTesting", "MockedDevices", "Replays", "Gestures", "AppEvents",
                "SurfaceDescriptions", "Recordings", "GestureSynthesis",
            ],
            plugins: ["SwiftBlocksPlugin"]),
        // What the test targets share: the fixtures, the tiers' rules, commands run in the test
        // process, processes, JSON read back and hand-built app events. Only test targets use it.
        .target(
            name: "TestSupport",
            dependencies: [
                "MockedDevices", "Recordings", "KernelEmulation", "LibinputEvents", "AppEvents",
                "Gestures", "ModeComparison", "TouchSynthCommands", "ViewServer", "ViewPublishing",
            ],
            path: "Tests/TestSupport"),
        // A test target per module, named after it (docs/testing.md has the table).
        .testTarget(
            name: "LibinputKitTests",
            dependencies: [
                "LibinputKit", "LibinputEvents", "LibinputEventText", "MockedDevices", "Replays",
                "GestureSynthesis", "Quirks", "Recordings", "TestSupport",
            ]),
        .testTarget(
            name: "LibinputEventTextTests",
            dependencies: ["LibinputEventText", "LibinputEvents", "MockedDevices", "Replays", "TestSupport"]),
        .testTarget(
            name: "RecordingsTests",
            dependencies: ["Recordings", "LibinputEvents", "MockedDevices", "Replays", "OutputFiles", "TestSupport"]),
        .testTarget(name: "QuirksTests", dependencies: ["Quirks", "MockedDevices", "Recordings", "TestSupport"]),
        .testTarget(name: "KernelEmulationTests", dependencies: ["KernelEmulation", "Recordings", "TestSupport"]),
        .testTarget(name: "DesktopEventsTests", dependencies: ["DesktopEvents", "LibinputEvents"]),
        .testTarget(name: "WaylandClientTests", dependencies: ["WaylandClient", "DesktopEvents", "TestSupport"]),
        .testTarget(name: "X11ClientTests", dependencies: ["X11Client", "CX11Input", "DesktopEvents", "TestSupport"]),
        .testTarget(name: "DesktopSessionTests", dependencies: ["DesktopSession"]),
        .testTarget(
            name: "LibinputDecisionsTests",
            dependencies: [
                "LibinputDecisions", "Replays", "Recordings", "GestureSynthesis", "LibinputEvents", "LibinputEventText",
                "Quirks", "Report", "TestSupport",
            ]),
        .testTarget(
            name: "GestureSynthesisTests",
            dependencies: ["GestureSynthesis", "Recordings", "Quirks", "TestSupport"]),
        .testTarget(
            name: "MockedDevicesTests",
            dependencies: [
                "MockedDevices", "Replays", "Recordings", "KernelEmulation", "LibinputEvents", "AppEvents",
                "Gestures", "ModeComparison", "SurfaceDescriptions", "Report", "Diffs", "LibinputEventText",
                "LibinputDecisions", "Quirks", "TestSupport",
            ]),
        .testTarget(
            name: "ReplaysTests",
            dependencies: [
                "Replays", "MockedDevices", "Recordings", "LibinputEvents", "LibinputDecisions", "Quirks",
                "GestureSynthesis", "ReplayChannel", "TestSupport",
            ]),
        .testTarget(
            name: "DiffsTests",
            dependencies: [
                "Diffs", "Recordings", "LibinputEvents", "LibinputDecisions", "ModeComparison", "Quirks", "AppEvents",
                "Gestures", "TestSupport",
            ]),
        .testTarget(name: "ReplayChannelTests", dependencies: ["ReplayChannel", "LibinputEvents"]),
        .testTarget(name: "HistogramsTests", dependencies: ["Histograms"]),
        .testTarget(name: "ProcessSignalsTests", dependencies: ["ProcessSignals"]),
        .testTarget(name: "MarkupTextTests", dependencies: ["MarkupText"]),
        .testTarget(name: "TextTablesTests", dependencies: ["TextTables"]),
        .testTarget(name: "OutputFilesTests", dependencies: ["OutputFiles"]),
        .testTarget(
            name: "AppEventsTests",
            dependencies: ["AppEvents", "AppEventInvariants", "LibinputEvents", "GestureSynthesis"]),
        .testTarget(name: "AppEventInvariantsTests", dependencies: ["AppEventInvariants", "AppEvents"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "AppEvents", "TestSupport"]),
        .testTarget(
            name: "ModeComparisonTests",
            dependencies: [
                "ModeComparison", "Gestures", "AppEvents", "LibinputEvents", "SurfaceDescriptions",
                "TestSupport",
            ]),
        .testTarget(
            name: "SurfaceDescriptionsTests",
            dependencies: ["SurfaceDescriptions", "Gestures", "AppEvents", "Recordings", "TestSupport"]),
        .testTarget(
            name: "ReportTests",
            dependencies: [
                "Report", "ReportPage", "Recordings", "Gestures", "ModeComparison", "AppEvents",
                "LibinputEvents", "Replays", "SurfaceDescriptions", "ViewTimeline", "TestSupport",
            ]),
        .testTarget(
            name: "ViewTimelineTests",
            dependencies: [
                "ViewTimeline", "MockedDevices", "Replays", "ModeComparison", "SurfaceDescriptions",
                "Recordings", "AppEvents", "LibinputEvents", "TestSupport",
            ]),
        .testTarget(
            name: "ViewServerTests",
            dependencies: ["ViewServer", "ViewPublishing", "ViewTimeline", "AppEvents", "TestSupport"]
        ),
        .testTarget(
            name: "DeviceCorpusTests",
            dependencies: ["DeviceCorpus", "LibinputDecisions", "Recordings", "TestSupport"]),
        .testTarget(
            name: "TouchSynthTestingTests",
            dependencies: [
                "TouchSynthTesting", "Gestures", "AppEvents", "LibinputEvents",
                "SurfaceDescriptions", "GestureSynthesis", "Recordings", "TestSupport",
            ]),
        .testTarget(name: "TouchscreenBridgeTests", dependencies: ["TouchscreenBridge", "TestSupport"]),
        .testTarget(name: "UinputDevicesTests", dependencies: ["UinputDevices", "Recordings"]),
        .testTarget(
            name: "TouchSynthCommandsTests",
            dependencies: [
                "TouchSynthCommands", "MockedDevices", "Replays", "Recordings", "KernelEmulation",
                "LibinputEvents", "ModeComparison", "ViewServer", "TestSupport", "EvdevRecording",
            ]),
        .testTarget(name: "SwiftBlocksTests", dependencies: ["SwiftBlocks", "TestSupport"]),
        // What needs a real `touchsynth` process (signals, pipes, terminals, the environment, the
        // built executables), the docs' command lines, the tools/ scripts and the sources' shape.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "MockedDevices", "Replays", "Recordings", "KernelEmulation", "LibinputEvents", "DesktopEvents",
                "ViewServer", "TestSupport",
            ]),
    ]
)
