import Testing
@testable import zoetrope

@Suite("JSON output")
struct JSONValueTests {
    @Test("keys keep their order and nulls are explicit")
    func orderedObject() {
        let value = JSONValue.object([("b", .int(1)), ("a", .null), ("list", .array([.bool(true), .string("x")]))])
        #expect(value.rendered(pretty: false) == #"{"b":1,"a":null,"list":[true,"x"]}"#)
        #expect(value.rendered() == "{\n  \"b\": 1,\n  \"a\": null,\n  \"list\": [\n    true,\n    \"x\"\n  ]\n}")
    }

    @Test("strings are escaped")
    func escaping() {
        #expect(JSONValue.string("a\"b\\c\n\u{1}").rendered() == #""a\"b\\c\n\u0001""#)
    }

    @Test("milliseconds are integers when whole, decimals otherwise")
    func milliseconds() {
        #expect(JSONValue.milliseconds(.milliseconds(120)) == .int(120))
        #expect(JSONValue.milliseconds(.seconds(1) / 3).rendered() == "333.333")
        #expect(JSONValue.milliseconds(.zero) == .int(0))
    }

    @Test("empty containers print compactly")
    func empty() {
        #expect(JSONValue.array([]).rendered() == "[]")
        #expect(JSONValue.object([]).rendered() == "{}")
    }
}
