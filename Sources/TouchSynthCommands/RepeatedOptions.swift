import ArgumentParser
import Foundation

/// An option that takes one value, given more than once: ArgumentParser keeps the last in
/// silence, so a script's mistake (`--device event4 --device event7`) would run on, unseen.
enum RepeatedOptions {
    /// What ArgumentParser says of a command's arguments (`--experimental-dump-help`): the part read.
    private struct ToolInfo: Decodable {
        struct Command: Decodable { var arguments: [Argument]? }
        struct Argument: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }
            var kind: String
            var names: [Name]?
            var isRepeating: Bool
        }
        var command: Command
    }

    /// The first option of `command` taking one value that `arguments` give twice, as written
    /// the second time; nil when there is none. Each option's value is passed over, as is all
    /// after `--`.
    static func first(in arguments: [String], of command: any ParsableCommand.Type) -> String? {
        guard let info = try? JSONDecoder().decode(ToolInfo.self, from: Data(command._dumpHelp().utf8)) else {
            return nil
        }
        // Each spelling of an option (`-o`, `--output`) to the option's first, for those of one value.
        var single: [String: String] = [:]
        var taking: Set<String> = []
        for argument in info.command.arguments ?? [] where argument.kind == "option" {
            let spellings = (argument.names ?? []).map { ($0.kind == "long" ? "--" : "-") + $0.name }
            taking.formUnion(spellings)
            if !argument.isRepeating { for spelling in spellings { single[spelling] = spellings.first } }
        }
        var seen: Set<String> = []
        var isValue = false
        for word in arguments.prefix(while: { $0 != "--" }) {
            guard !isValue else {
                isValue = false
                continue
            }
            let name = String(word.prefix { $0 != "=" })
            guard taking.contains(name) else { continue }
            isValue = name == word
            if let option = single[name], !seen.insert(option).inserted { return name }
        }
        return nil
    }
}
