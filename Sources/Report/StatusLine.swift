import LibinputEvents

/// The live status line (``LiveStatus``) kept at the bottom of a terminal, drawn and cleared
/// with escapes written where the table's lines go.
final class StatusLine {
    private(set) var status = LiveStatus()
    private var isShown = false
    private let write: (String) throws -> Void

    init(write: @escaping (String) throws -> Void) {
        self.write = write
    }

    func update(with event: LibinputEvent, pointerRegion: String?) {
        status.update(with: event)
        status.pointerRegion = pointerRegion
    }

    /// Draws the status line (reversed when colours are on) without a newline.
    func draw(width: Int, colour: Bool) throws {
        let text = status.text(width: width)
        try write(colour ? "\r\u{1B}[K\u{1B}[7m\(text)\u{1B}[0m" : "\r\u{1B}[K\(text)")
        isShown = true
    }

    /// Clears it so that a line can be printed in its place.
    func clear() throws {
        guard isShown else { return }
        try write("\r\u{1B}[K")
        isShown = false
    }
}
