/// Bytes waiting for the terminal, kept in a player's locked state so that a player never calls
/// its writer while holding its lock.
///
/// Whoever adds bytes while nobody writes becomes the writer: after releasing the lock it takes
/// ``next()`` and writes, again and again, until nothing waits. Bytes added meanwhile by another
/// thread are written by that writer, in the order they were added (and so in the order the
/// presenter that made them drew them).
struct Outbox: Sendable {
    private var pending: [UInt8] = []
    private var isWriting = false

    /// Adds `bytes`; returns whether the caller must write (nobody else is writing).
    mutating func add(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return false }
        pending += bytes
        guard !isWriting else { return false }
        isWriting = true
        return true
    }

    /// The bytes to write next; `nil` when none wait (the writer is then done).
    mutating func next() -> [UInt8]? {
        guard !pending.isEmpty else {
            isWriting = false
            return nil
        }
        defer { pending = [] }
        return pending
    }
}
