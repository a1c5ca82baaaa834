// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TouchSynth",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "touchsynth", targets: ["touchsynth"]),
        .library(name: "LibinputKit", targets: ["LibinputKit"]),
        .library(name: "Recordings", targets: ["Recordings"]),
        .library(name: "GestureSynthesis", targets: ["GestureSynthesis"]),
        .library(name: "MockedDevices", targets: ["MockedDevices"]),
        .library(name: "AppEvents", targets: ["AppEvents"]),
        .library(name: "Gestures", targets: ["Gestures"]),
        .library(name: "AppEventInvariants", targets: ["AppEventInvariants"]),
        .library(name: "ModeComparison", targets: ["ModeComparison"]),
        .library(name: "SurfaceDescriptions", targets: ["SurfaceDescriptions"]),
        .library(name: "Report", targets: ["Report"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibinput",
            pkgConfig: "libinput",
            providers: [.apt(["libinput-dev", "libudev-dev"])]
        ),
        // Only the mocked-device harness hosts a umockdev testbed; nothing else links it.
        .systemLibrary(
            name: "CUmockdev",
            pkgConfig: "umockdev-1.0",
            providers: [.apt(["libumockdev-dev"])]
        ),
        // The uinput ioctls for the bridge's virtual touchscreen (kernel headers only).
        .systemLibrary(name: "CUinput"),
        // libinput's event vocabulary as plain values, so the pure modules need no C.
        .target(name: "LibinputEvents"),
        // Clean SIGINT/SIGTERM shutdown for the poll loops of libinput and of `record`.
        .target(name: "ProcessSignals"),
        .target(name: "LibinputKit", dependencies: ["CLibinput", "LibinputEvents", "ProcessSignals"]),
        // The evdev model and the recording formats: values and parsers, files read but no process started.
        .target(name: "Recordings", dependencies: ["Yams"]),
        // Gesture scripts performed as a touchpad's kernel driver would report them.
        .target(name: "GestureSynthesis", dependencies: ["Recordings"]),
        // The mocked-device harness: a umockdev testbed, the preload helper, the program it runs.
        // The helper's C source (Preload) is built by tools/build-preload, as an LD_PRELOAD library.
        .target(name: "MockedDevices", dependencies: ["CUmockdev", "Recordings"], exclude: ["Preload"]),
        .target(name: "AppEvents", dependencies: ["LibinputEvents"]),
        .target(name: "Gestures", dependencies: ["AppEvents", "LibinputEvents"]),
        // The rules UIKit's delivery keeps, checked on any stream of app events.
        .target(name: "AppEventInvariants", dependencies: ["AppEvents"]),
        // The same input through both modes and fresh surfaces, and what differs between them.
        .target(name: "ModeComparison", dependencies: ["Gestures", "AppEvents", "LibinputEvents"]),
        // Surfaces built from JSON or YAML descriptions, and the default surface.
        .target(name: "SurfaceDescriptions", dependencies: ["Gestures", "AppEvents"]),
        // `touchsynth bridge`: compat mode's simulated touches as a uinput multitouch touchscreen.
        .target(name: "TouchscreenBridge", dependencies: ["CUinput", "Recordings", "AppEvents"]),
        // The pictures of `touchsynth report`: SVG and HTML text from plain values, no I/O.
        .target(name: "Report", dependencies: ["Recordings", "AppEvents", "Gestures", "ModeComparison", "LibinputEvents"]),
        .executableTarget(
            name: "touchsynth",
            dependencies: [
                "LibinputKit", "Recordings", "GestureSynthesis", "MockedDevices", "AppEvents", "AppEventInvariants", "Gestures",
                "ModeComparison", "SurfaceDescriptions", "Report",
                "TouchscreenBridge", "ProcessSignals",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // libFuzzer harness for every parser (tools/fuzz builds it with -sanitize=fuzzer -DFUZZING);
        // built normally, it replays a corpus through the same entry points.
        .executableTarget(
            name: "touchsynth-fuzz",
            dependencies: ["Recordings", "GestureSynthesis", "SurfaceDescriptions", .product(name: "Yams", package: "Yams")]
        ),
        .testTarget(name: "RecordingsTests", dependencies: ["Recordings"]),
        .testTarget(name: "GestureSynthesisTests", dependencies: ["GestureSynthesis", "Recordings"]),
        .testTarget(name: "MockedDevicesTests", dependencies: ["MockedDevices", "Recordings"]),
        .testTarget(name: "ReplayTests", dependencies: ["Recordings", "MockedDevices", "LibinputEvents", "AppEvents", "Gestures",
                                                    "ModeComparison", "SurfaceDescriptions", "Report"]),
        .testTarget(name: "AppEventsTests", dependencies: ["AppEvents", "AppEventInvariants", "LibinputEvents", "GestureSynthesis"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "ModeComparison", "AppEvents", "LibinputEvents", "SurfaceDescriptions", "Recordings"]),
        // An app's own recognizer, written with the public API only (no @testable import).
        .testTarget(name: "AppRecognizerTests", dependencies: ["Gestures", "AppEvents", "LibinputEvents"]),
        .testTarget(name: "ReportRenderingTests", dependencies: ["Report", "Gestures", "ModeComparison", "AppEvents"]),
    ]
)
