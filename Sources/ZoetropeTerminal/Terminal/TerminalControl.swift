#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Zoetrope

/// The escape sequences that change the terminal's modes.
package enum TerminalSequences {
    /// Switch to the alternate screen (`?1049h`), hide the cursor (`?25l`), turn off line wrap
    /// (`?7l`, so the last column never scrolls), reset attributes and clear.
    package static let enter: [UInt8] = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[0m\u{1B}[2J".utf8)
    /// Reset attributes, turn line wrap back on, show the cursor and leave the alternate screen.
    package static let leave: [UInt8] = Array("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l".utf8)
    /// Clear the screen.
    package static let clear: [UInt8] = Array("\u{1B}[0m\u{1B}[2J".utf8)
}

/// The size of the terminal window.
public struct WindowSize: Sendable, Hashable {
    /// Columns and rows.
    public var cells: CellSize
    /// The size of one cell in pixels, when the terminal reports it.
    public var cellPixels: PixelSize?

    /// Creates a size.
    public init(cells: CellSize, cellPixels: PixelSize?) {
        self.cells = cells
        self.cellPixels = cellPixels
    }
}

/// Low-level terminal access: the only place that talks to termios and ioctl.
package enum TerminalDevice {
    /// Whether `descriptor` is a terminal.
    package static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The window size of the terminal on `descriptor` (`TIOCGWINSZ`), or `nil` when it is not a
    /// terminal or reports no size.
    package static func windowSize(_ descriptor: Int32) -> WindowSize? {
        var size = winsize()
        #if os(Linux)
        let request = UInt(TIOCGWINSZ)
        #else
        let request: UInt = 0x4008_7468 // _IOR('t', 104, struct winsize)
        #endif
        guard unsafe ioctl(descriptor, request, &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        let cells = CellSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
        var cellPixels: PixelSize?
        if size.ws_xpixel > 0, size.ws_ypixel > 0 {
            cellPixels = PixelSize(width: Int(size.ws_xpixel) / cells.columns, height: Int(size.ws_ypixel) / cells.rows)
        }
        return WindowSize(cells: cells, cellPixels: cellPixels)
    }

    /// Writes all of `bytes` to `descriptor`, retrying after interruptions and partial writes.
    /// Returns `false` when the descriptor fails (closed pipe, hung-up terminal).
    @discardableResult
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        unsafe bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = unsafe write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Reads what is available from `descriptor` (at most `limit` bytes); empty at end of input.
    package static func readAvailable(_ descriptor: Int32, limit: Int = 64) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: max(1, limit))
        let count = unsafe buffer.withUnsafeMutableBytes { bytes in
            unsafe bytes.baseAddress.map { unsafe read(descriptor, $0, bytes.count) } ?? 0
        }
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    /// The terminal's current settings.
    static func attributes(_ descriptor: Int32) -> termios? {
        var settings = termios()
        return unsafe tcgetattr(descriptor, &settings) == 0 ? settings : nil
    }

    /// Raw input: no echo, no line editing, no signals from keys (Ctrl-C arrives as byte 3), reads
    /// return as soon as one byte is there. Output processing stays on.
    static func makeRaw(_ settings: termios) -> termios {
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        raw.c_cflag |= tcflag_t(CS8)
        unsafe withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            unsafe cc[Int(VMIN)] = 1
            unsafe cc[Int(VTIME)] = 0
        }
        return raw
    }

    /// Applies `settings` to the terminal on `descriptor`: after the output written so far has
    /// been sent (discarding unread input), or at once when not `waitingForOutput` (a terminal that
    /// is not being read never drains).
    static func setAttributes(_ settings: termios, _ descriptor: Int32, waitingForOutput: Bool = true) {
        var settings = settings
        _ = unsafe tcsetattr(descriptor, waitingForOutput ? TCSAFLUSH : TCSANOW, &settings)
    }
}
