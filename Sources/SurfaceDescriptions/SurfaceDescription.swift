import AppEvents
import Gestures
import LibinputEvents

/// A surface as JSON: regions (bottom to top) with their recognizers and options.
///
/// ```json
/// {"regions": [{
///   "name": "canvas", "frame": [0, 0, 1440, 900],
///   "recognizers": [
///     {"kind": "pinch"},
///     {"kind": "pan", "name": "twoFingerPan", "minimumNumberOfTouches": 2, "maximumNumberOfTouches": 2},
///     {"kind": "pan", "name": "scrollPan", "allowedScrollTypes": ["continuous"]},
///     {"kind": "tap", "name": "secondaryTap", "buttonMaskRequired": ["secondary"]},
///     {"kind": "tap", "name": "doubleTap", "numberOfTapsRequired": 2},
///     {"kind": "tap", "requiresFailureOf": ["doubleTap"], "allowedTouchTypes": ["indirectPointer"]}
///   ],
///   "simultaneous": [["pinch", "twoFingerPan"]]
/// }]}
/// ```
/// Names default to the kind and must be unique within a region (and region names on the
/// surface); `requiresFailureOf` and `simultaneous` refer to names in the same region.
public struct SurfaceDescription: Codable, Equatable, Sendable {
    /// Bottom to top: a later region lies on top of earlier ones where they overlap.
    public var regions: [RegionDescription]

    /// A surface of `regions`, bottom to top.
    public init(regions: [RegionDescription]) {
        self.regions = regions
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case regions
    }

    /// Decodes the description, refusing a key it does not have (``refuseUnknownKeys(_:_:of:)``).
    public init(from decoder: any Decoder) throws {
        try refuseUnknownKeys(decoder, CodingKeys.self, of: "a surface description")
        regions = try decoder.container(keyedBy: CodingKeys.self).decode([RegionDescription].self, forKey: .regions)
    }

    /// The most recognizers a surface holds, over all its regions: far more than an app's screen
    /// has, and few enough that arbitration among them, which visits every recognizer when one
    /// fails, stays quick.
    public static let mostRecognizers = 5000

    /// A note for each region no touch or pointer on a `screen`-sized screen reaches: wholly off
    /// it, or without area. A description made for a larger screen has them.
    public func unreachableRegionNotes(on screen: Size) -> [String] {
        regions.compactMap { region in
            guard let rect = try? region.rect() else { return nil }
            guard rect.width > 0 && rect.height > 0 else {
                return "region \(region.name) has no area: nothing reaches it"
            }
            let onScreen =
                rect.x < screen.width && rect.y < screen.height && rect.x + rect.width > 0 && rect.y + rect.height > 0
            return onScreen
                ? nil : "region \(region.name) lies off the \(screen.dimensions) screen: nothing there reaches it"
        }
    }

    /// Builds a fresh surface.
    /// - Throws: ``SurfaceDescriptionError`` for a malformed frame, duplicate or unknown names,
    ///   a `requiresFailureOf` cycle, out-of-range values, or an option the recognizer's kind
    ///   does not have.
    public func makeSurface() throws(SurfaceDescriptionError) -> Surface {
        var count = 0
        for region in regions {
            count += region.recognizers.count
            if count > Self.mostRecognizers {
                throw .tooManyRecognizers(region: region.name, limit: Self.mostRecognizers)
            }
        }
        let surface = Surface()
        var regionNames: Set<String> = []
        let interactions = try pointerInteractions()
        var made: [Region] = []
        for description in regions {
            // Names are printed in tables and reports, a line each: one may not end its line, nor be
            // none, which would leave a recognizer's path "/".
            for name in [description.name] + description.recognizers.compactMap(\.name) {
                if let problem = name.isEmpty ? "nothing" : OneLineText.breaking(name) {
                    throw .invalidName(region: description.name, name: name, problem: problem)
                }
            }
            guard regionNames.insert(description.name).inserted else {
                throw SurfaceDescriptionError.duplicateRegion(description.name)
            }
            let region = try description.makeRegion(simultaneousIn: surface)
            // The padding the app makes hit-test to the view (``Region/hitAreas``).
            region.hitAreas =
                interactions.first { $0.view == description.name }?.regions.map(\.rect)
                .filter { !region.frame.contains($0) } ?? []
            made.append(region)
        }
        surface.addRegions(made)
        return surface
    }

    /// The regions' pointer interactions, bottom to top, for the translator
    /// (``AppEventTranslator/Configuration/pointerInteractions``).
    /// - Throws: ``SurfaceDescriptionError`` for a malformed frame, region, style or magnetism.
    public func pointerInteractions() throws(SurfaceDescriptionError) -> [PointerInteraction] {
        var budget = PointerInteractionDescription.maximumRegions
        var interactions: [PointerInteraction] = []
        for region in regions {
            guard let interaction = region.pointerInteraction else { continue }
            let frame = try region.rect()
            interactions.append(try interaction.makeInteraction(view: region.name, frame: frame, budget: &budget))
        }
        return interactions
    }
}

/// One region: `frame` is `[x, y, width, height]` in points.
public struct RegionDescription: Codable, Equatable, Sendable {
    /// Unique on the surface; names the region in reports.
    public var name: String
    /// `[x, y, width, height]`: four finite numbers, width and height not negative.
    public var frame: [Double]
    /// In the order they receive events.
    public var recognizers: [RecognizerDescription]
    /// Groups of recognizer names whose members may recognize simultaneously with each other.
    public var simultaneous: [[String]]?
    /// The view's pointer interaction, if it has one.
    public var pointerInteraction: PointerInteractionDescription?

    /// A region at `frame` with `recognizers`, and optionally groups allowed to recognize together
    /// and a pointer interaction.
    public init(
        name: String, frame: [Double], recognizers: [RecognizerDescription], simultaneous: [[String]]? = nil,
        pointerInteraction: PointerInteractionDescription? = nil
    ) {
        self.name = name
        self.frame = frame
        self.recognizers = recognizers
        self.simultaneous = simultaneous
        self.pointerInteraction = pointerInteraction
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, frame, recognizers, simultaneous, pointerInteraction
    }

    /// Decodes the region, refusing a key it does not have (``refuseUnknownKeys(_:_:of:)``).
    public init(from decoder: any Decoder) throws {
        try refuseUnknownKeys(decoder, CodingKeys.self, of: "a region")
        let keyed = try decoder.container(keyedBy: CodingKeys.self)
        name = try keyed.decode(String.self, forKey: .name)
        frame = try keyed.decode([Double].self, forKey: .frame)
        recognizers = try keyed.decode([RecognizerDescription].self, forKey: .recognizers)
        simultaneous = try keyed.decodeIfPresent([[String]].self, forKey: .simultaneous)
        pointerInteraction = try keyed.decodeIfPresent(PointerInteractionDescription.self, forKey: .pointerInteraction)
    }

    /// The frame as a rectangle.
    fileprivate func rect() throws(SurfaceDescriptionError) -> Rect {
        guard let rect = Rect(frame: frame) else {
            throw SurfaceDescriptionError.invalidFrame(region: name, frame: frame)
        }
        return rect
    }

    fileprivate func makeRegion(simultaneousIn surface: Surface) throws(SurfaceDescriptionError) -> Region {
        let region = Region(name: name, frame: try rect())
        var byName: [String: GestureRecognizer] = [:]
        for description in recognizers {
            let recognizer = try description.makeRecognizer(in: name)
            guard byName.updateValue(recognizer, forKey: recognizer.name) == nil else {
                throw SurfaceDescriptionError.duplicateRecognizer(region: name, name: recognizer.name)
            }
            region.addGestureRecognizer(recognizer)
        }
        func recognizer(named other: String) throws(SurfaceDescriptionError) -> GestureRecognizer {
            guard let found = byName[other] else {
                throw SurfaceDescriptionError.unknownRecognizer(region: name, name: other)
            }
            return found
        }
        var requirements: [String: [String]] = [:]
        for (description, recognizerToConfigure) in zip(recognizers, region.gestureRecognizers) {
            let required = description.requiresFailureOf ?? []
            for other in required {
                recognizerToConfigure.require(toFail: try recognizer(named: other))
            }
            requirements[recognizerToConfigure.name] = required
        }
        if let cycle = Self.failureCycle(among: region.gestureRecognizers.map(\.name), requiring: requirements) {
            throw SurfaceDescriptionError.failureRequirementCycle(region: name, names: cycle)
        }
        for group in simultaneous ?? [] {
            let members = try group.map(recognizer(named:))
            // A group of one lets nothing recognize alongside: the description says something it does not do.
            guard Set(group).count > 1 else {
                throw SurfaceDescriptionError.loneSimultaneousGroup(region: name, names: group)
            }
            surface.allowSimultaneousRecognition(among: members)
        }
        return region
    }

    /// The first `requiresFailureOf` chain that leads back to a recognizer already on it, as the
    /// names along it ending with the repeated one: ["a", "a"] for one naming itself, ["a", "b",
    /// "a"] for two naming each other. Depth-first on its own stack, so that a long chain in a
    /// user's description cannot overflow the call stack.
    private static func failureCycle(among names: [String], requiring requirements: [String: [String]]) -> [String]? {
        // Names whose chains were all followed without finding a cycle.
        var cleared: Set<String> = []
        for root in names where !cleared.contains(root) {
            // The chain from `root`, each link with how many of its requirements were followed.
            var chain: [(name: String, followed: Int)] = [(root, 0)]
            var onChain: Set<String> = [root]
            while let link = chain.last {
                let required = requirements[link.name] ?? []
                guard link.followed < required.count else {
                    chain.removeLast()
                    onChain.remove(link.name)
                    cleared.insert(link.name)
                    continue
                }
                chain[chain.count - 1].followed += 1
                let next = required[link.followed]
                if onChain.contains(next) {
                    return chain.drop { $0.name != next }.map(\.name) + [next]
                }
                if !cleared.contains(next) {
                    chain.append((next, 0))
                    onChain.insert(next)
                }
            }
        }
        return nil
    }
}

/// Why a ``SurfaceDescription`` cannot be built.
public enum SurfaceDescriptionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not four values, one of them NaN or infinite, or a negative width or height.
    case invalidFrame(region: String, frame: [Double])
    /// Two regions share a name.
    case duplicateRegion(String)
    /// Two recognizers of a region share a name.
    case duplicateRecognizer(region: String, name: String)
    /// A `requiresFailureOf` or `simultaneous` entry names no recognizer of the region.
    case unknownRecognizer(region: String, name: String)
    /// Following `requiresFailureOf` from the first name leads back to it (`names` ends where it
    /// starts; ["tap", "tap"] for one naming itself), so they could wait on each other forever.
    case failureRequirementCycle(region: String, names: [String])
    /// The option belongs to other kinds of recognizer.
    case optionNotApplicable(region: String, name: String, kind: GestureKind, option: String)
    /// The option's value is out of range, as each option of ``RecognizerDescription`` documents;
    /// `requirement` says what it must be, where the kind said (``InvalidOption/requirement``).
    case invalidValue(region: String, name: String, option: String, requirement: String? = nil)
    /// No recognizer of that kind is registered (``RecognizerKinds``): `known` are the kinds
    /// there were where the error was made (those of ``RecognizerKinds/with(_:_:)`` included).
    case unknownKind(region: String, name: String, kind: GestureKind, known: [String] = RecognizerKinds.names)
    /// The region's pointer interaction: `option` of the interaction, or of its pointer region
    /// at index `pointerRegion`, is wrong as `problem` says.
    case invalidPointerInteraction(region: String, pointerRegion: Int?, option: String, problem: String)
    /// A region's `name` (or one of its recognizers') holds what would end its line (`problem`,
    /// ``OneLineText``) where it is printed.
    case invalidName(region: String, name: String, problem: String)
    /// A `simultaneous` group naming fewer than two recognizers.
    case loneSimultaneousGroup(region: String, names: [String])
    /// With this region's, the surface's recognizers number more than `limit`
    /// (``SurfaceDescription/mostRecognizers``).
    case tooManyRecognizers(region: String, limit: Int)

    /// One line naming the region, the recognizer and what is wrong, for a command-line error.
    public var description: String {
        switch self {
        case .invalidFrame(let region, let frame):
            return
                "region \(region): frame must be [x, y, width, height] with finite values and no negative size, got "
                + "[\(frame.map { String(format: "%g", $0) }.joined(separator: ", "))]"
        case .duplicateRegion(let region):
            return "two regions are called \(region)"
        case .duplicateRecognizer(let region, let name):
            return "region \(region): two recognizers are called \(name); give them distinct \"name\"s"
        case .unknownRecognizer(let region, let name):
            return "region \(region): no recognizer called \(name)"
        case .failureRequirementCycle(let region, let names):
            return
                "region \(region): requiresFailureOf goes round in a circle, \(names.joined(separator: " -> ")); they "
                + "would wait on each other forever"
        case .optionNotApplicable(let region, let name, let kind, let option):
            let own = RecognizerKinds.named(kind).map { $0.optionNames.sorted() } ?? []
            return "region \(region), \(name): a \(kind.rawValue) recognizer has no option \(option) (it takes "
                + (own + RecognizerDescription.commonOptions).joined(separator: ", ") + ")"
        case .invalidValue(let region, let name, let option, let requirement):
            return "region \(region), \(name): \(option) " + (requirement.map { "must \($0)" } ?? "is out of range")
        case .unknownKind(let region, let name, let kind, let known) where ["", "~", "null"].contains(kind.rawValue):
            // A name left out is the kind's: then there is none to name it by.
            let named = name == kind.rawValue ? "" : ", \(name)"
            return "region \(region)\(named): a recognizer without its kind (one of \(known.joined(separator: ", ")))"
        case .unknownKind(let region, let name, let kind, let known):
            return
                "region \(region), \(name): no recognizer of kind \(kind.rawValue) (known: "
                + "\(known.joined(separator: ", ")))"
        case .invalidPointerInteraction(let region, let index, let option, let problem):
            return
                "region \(region), pointerInteraction\(index.map { " region \($0 + 1)" } ?? ""), \(option): \(problem)"
        case .tooManyRecognizers(let region, let limit):
            return "region \(region): with its recognizers the surface has more than \(limit), the most it may have"
        case .loneSimultaneousGroup(let region, let names):
            return "region \(region): the simultaneous group [\(names.joined(separator: ", "))] names fewer than two "
                + "recognizers, so it lets none recognize alongside another"
        case .invalidName(let region, let name, let problem):
            return "the name \(name.debugDescription)"
                + (name == region ? "" : " in region \(region.debugDescription)")
                + (name.isEmpty ? " is empty: give it one" : " holds \(problem)")
        }
    }
}
