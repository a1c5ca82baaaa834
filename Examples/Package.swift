// swift-tools-version:6.0
import PackageDescription

// An app's own recognizer, tested on recorded touchpads in both UIKit modes with TouchSynth's
// testing kit. In an app's package, the dependency is TouchSynth's repository instead of "..".
let package = Package(
    name: "TouchSynthExamples",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "TouchSynth", path: "..")
    ],
    targets: [
        // The app's code: a two-finger swipe back, built on the package's pan recognizer.
        .target(
            name: "SwipeBack",
            dependencies: [
                .product(name: "Gestures", package: "TouchSynth"),
                .product(name: "AppEvents", package: "TouchSynth"),
                .product(name: "SurfaceDescriptions", package: "TouchSynth"),
            ]),
        .testTarget(
            name: "SwipeBackTests",
            dependencies: [
                "SwipeBack",
                .product(name: "TouchSynthTesting", package: "TouchSynth"),
            ], exclude: ["Recordings", "__Snapshots__", "RECORDINGS.md", "page.yml"]),
    ]
)
