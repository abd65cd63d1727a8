import Zoetrope

/// Terminal rendering of animated images: kitty graphics, sixel, iTerm2 and ANSI colour.
public enum ZoetropeTerminal {}
