import Testing
@testable import ZoetropeTerminal
