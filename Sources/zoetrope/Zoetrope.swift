import ArgumentParser
import Zoetrope

@main
struct ZoetropeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zoetrope",
        abstract: "Inspect, extract, convert and play animated images (GIF, PNG/APNG, WebP).",
        subcommands: [ConvertCommand.self]
    )
}
