import Testing
@testable import ZoetropeTerminal

@Suite("Key decoder")
struct KeyDecoderTests {
    @Test("plain keys, CSI and SS3 arrows, Ctrl-C; unknown bytes ignored")
    func keys() {
        var decoder = KeyDecoder()
        let bytes = Array(" +-rqx=_".utf8) + [0x1B, 0x5B, 0x43, 0x1B, 0x5B, 0x44, 0x1B, 0x4F, 0x43, 0x03]
        #expect(decoder.decode(bytes) == [.space, .faster, .slower, .cycleMode, .quit, .faster, .slower,
                                          .right, .left, .right, .interrupt])
    }

    @Test("an escape sequence split across reads is completed by the next read")
    func splitSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.decode([0x5B, 0x31, 0x3B]).isEmpty)
        #expect(decoder.decode([0x35, 0x44, 0x71]) == [.left, .quit]) // ESC [ 1 ; 5 D, then q
    }

    @Test("other sequences are skipped whole; a lone ESC is dropped")
    func otherSequences() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B, 0x5B, 0x41, 0x20]) == [.space]) // up arrow, then space
        #expect(decoder.decode([0x1B, 0x71]) == [.quit])
    }
}
