import Zoetrope

/// The ways Zoetrope can draw in a terminal.
public enum RendererKind: String, Sendable, Hashable, CaseIterable {
    /// The kitty graphics protocol (kitty, Ghostty, Konsole).
    case kitty
    /// DEC sixel graphics (foot, mlterm, xterm -ti vt340, WezTerm, Windows Terminal).
    case sixel
    /// iTerm2 inline images (iTerm2, WezTerm).
    case iterm
    /// Half-block characters in 24-bit colour.
    case truecolor
    /// Half-block characters in the xterm 256-colour palette.
    case xterm256 = "256"

    /// Picks the best renderer the environment announces: graphics protocols from `TERM` and
    /// `TERM_PROGRAM`, then 24-bit colour from `COLORTERM`, else 256 colours. Inside tmux or screen
    /// (which do not pass graphics through by default) only the text renderers are chosen.
    public static func detect(environment: [String: String]) -> RendererKind {
        let term = environment["TERM"]?.lowercased() ?? ""
        let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        let multiplexed = environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux")
            || program == "tmux"
        if !multiplexed {
            if term.contains("kitty") || term.contains("ghostty") || program == "ghostty"
                || environment["KITTY_WINDOW_ID"] != nil {
                return .kitty
            }
            if program == "iterm.app" || program == "wezterm" { return .iterm }
            if term.hasPrefix("foot") || term.hasPrefix("mlterm") || term.contains("sixel") { return .sixel }
        }
        if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") { return .truecolor }
        return .xterm256
    }

    /// A renderer of this kind; `cellPixels` is the size of a cell in pixels (used by the
    /// graphics protocols).
    public func makeRenderer(cellPixels: PixelSize) -> any TerminalRenderer {
        switch self {
        case .kitty: return KittyRenderer(cellPixels: cellPixels)
        case .sixel: return SixelRenderer(cellPixels: cellPixels)
        case .iterm: return ITermRenderer(cellPixels: cellPixels)
        case .truecolor: return HalfBlockRenderer(depth: .truecolor)
        case .xterm256: return HalfBlockRenderer(depth: .xterm256)
        }
    }
}
