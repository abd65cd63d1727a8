import ArgumentParser
import Zoetrope

@main
struct ZoetropeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zoetrope",
        abstract: "Inspect, extract, convert and play animated images (\(FormatNames.list)).",
        subcommands: [PlayCommand.self, InfoCommand.self, FramesCommand.self, ConvertCommand.self, TimelineCommand.self]
    )
}
