import Foundation
import GestureSynthesis
import OutputFiles
import Recordings

/// One distinct device of the corpus and the first file that described it.
public struct CorpusDevice: Sendable {
    /// The file that described it first, by name.
    public var file: String
    public var description: DeviceDescription
    /// What reading its file guessed or noted (``Recording/notes``): a warning line each.
    public var notes: [String] = []

    /// A file `collect` passed over, and why, for a line of its own.
    public struct Skip: Sendable, Equatable {
        public var file: String
        public var reason: String
    }

    /// Why a folder's entry `file` is no file to read, if it is not: a directory, a broken link
    /// or a loop of links, or no regular file (a FIFO would wait for a writer, a device node give
    /// no end). One this user may not reach is left to the reading, which refuses it.
    private static func notARecording(_ file: String) -> String? {
        var status = stat()
        guard stat(file, &status) == 0 else {
            let code = errno
            return code == ENOENT || code == ELOOP ? missingReason(file, errno: code) : nil
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory (directories are read one level deep)"
        case S_IFIFO: return "a FIFO, not a regular file"
        case S_IFSOCK: return "a socket, not a regular file"
        default: return "a device node, not a regular file"
        }
    }

    /// Refuses a corpus of `paths` that found no touchpad among `devices`, having passed over
    /// `skipped`: files that are there but hold none are data it cannot use, and nothing there at
    /// all is a missing input.
    public static func checkAny(
        _ devices: [CorpusDevice], skipped: [Skip], in paths: [String]
    ) throws(RecordingError) {
        guard devices.isEmpty else { return }
        let paths = paths.joined(separator: ", ")
        if skipped.isEmpty { throw RecordingError(.missingFile, file: "", "no files in \(paths)") }
        throw RecordingError(.badData, file: "", "no touchpad among the files in \(paths)")
    }

    /// Touchpads among `paths` (files or directories: recordings, descriptions, and libinput's
    /// litest device files), each device once, and the files passed over.
    /// A directory's files are recognised by content, whatever their names; one that is not a
    /// recording or description is a skip with the reader's reason, where a file named on its own,
    /// or one that cannot be read for permission, is an error. `description` and `node` are read
    /// as `replay --desc/--device` reads them.
    public static func collect(
        _ paths: [String], description: String? = nil, node: String? = nil
    ) throws(RecordingError)
        -> (devices: [CorpusDevice], skipped: [Skip])
    {
        var files: [(path: String, named: Bool)] = []
        for path in paths {
            if path == standardInputPath {
                throw RecordingError(.usage, file: path, "a corpus is read from files and folders, not standard input")
            }
            if try fileStatus(path).st_mode & S_IFMT == S_IFDIR {
                guard access(path, R_OK | X_OK) == 0 else {
                    throw RecordingError(.permission, file: path, "permission denied: the directory cannot be listed")
                }
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                let folder = path.hasSuffix("/") ? path : path + "/"
                files += entries.filter { !$0.hasPrefix(".") }.sorted().map { (folder + $0, false) }
            } else {
                files.append((path, true))
            }
        }
        var seen: [(device: DeviceDescription, file: String)] = []
        var devices: [CorpusDevice] = []
        var skipped: [Skip] = []
        for (file, named) in files {
            if !named, let reason = notARecording(file) {
                skipped.append(Skip(file: file, reason: reason))
                continue
            }
            var device: DeviceDescription
            var notes: [String] = []
            do throws(RecordingError) {
                if let litest = try LitestDeviceFormat.device(inFile: file) {
                    device = litest
                } else {
                    let recording = try RecordingLoader.load(file, description: description, node: node)
                    (device, notes) = (recording.device, recording.notes)
                }
            } catch {
                // A file the user may not read may be a touchpad: the corpus would be short of it.
                if named || error.kind == .permission { throw error }
                skipped.append(Skip(file: file, reason: (error.line.map { "line \($0): " } ?? "") + error.problem))
                continue
            }
            let kinds = device.inputKinds
            guard device.isTouchpad else {
                let kindNames = [
                    ("ID_INPUT_KEYBOARD", "keyboard"), ("ID_INPUT_MOUSE", "mouse"),
                    ("ID_INPUT_TOUCHSCREEN", "touchscreen"), ("ID_INPUT_KEY", "keys"),
                ]
                // Every kind udev gives it (a wireless mouse with a keyboard's keys is both, as libinput
                // adds it); a keyboard's keys go without saying.
                var named = kindNames.filter { kinds.contains($0.0) }.map(\.1)
                if named.contains("keyboard") { named.removeAll { $0 == "keys" } }
                let kind = named.isEmpty ? "input device" : named.joined(separator: " and ")
                skipped.append(Skip(file: file, reason: "not a touchpad (\(device.name): \(kind))"))
                continue
            }
            // A touchpad no gesture can be performed on: none of its cells could be filled.
            do throws(RecordingError) { try GestureSynthesizer.checkPad(device, file: file) } catch {
                if named { throw error }
                skipped.append(Skip(file: file, reason: (error.line.map { "line \($0): " } ?? "") + error.problem))
                continue
            }
            // The current axis values, and the switches and LEDs on, say nothing about the device.
            for code in device.absinfo.keys { device.absinfo[code]?.value = 0 }
            device.initiallyOn = InitialState()
            let name = URL(fileURLWithPath: file).lastPathComponent
            // Told apart as `diff` tells them, by what libinput is given: a YAML copy of a .desc,
            // which spells out the udev properties udev would set, is the same device.
            if let first = seen.first(where: { DescriptionDifference.between($0.device, device).isEmpty }) {
                skipped.append(Skip(file: file, reason: "the same device as \(first.file)"))
                continue
            }
            seen.append((device, name))
            devices.append(CorpusDevice(file: name, description: device, notes: notes))
            // A file the corpus takes a device from is an input no output may overwrite.
            CommandInputs.count([file])
        }
        return (devices, skipped)
    }

    /// How the device tracks touches, for the table.
    public var tracking: String {
        let d = description
        if !d.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT) {
            return d.isProtocolA ? "MT protocol A" : "single-touch"
        }
        return d.has(property: Evdev.INPUT_PROP_SEMI_MT) ? "semi-mt" : "\(d.slotCount) slots"
    }
}
