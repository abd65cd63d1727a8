import Testing
import Zoetrope

@Suite("JSON output")
struct JSONTextTests {
    @Test("keys keep their order and nulls are explicit")
    func orderedObject() {
        let value = JSONText.object([("b", .int(1)), ("a", .null), ("list", .array([.bool(true), .string("x")]))])
        #expect(value.rendered(pretty: false) == #"{"b":1,"a":null,"list":[true,"x"]}"#)
        #expect(value.rendered(pretty: true) == "{\n  \"b\": 1,\n  \"a\": null,\n  \"list\": [\n    true,\n    \"x\"\n  ]\n}")
    }

    @Test("strings are escaped")
    func escaping() {
        #expect(JSONText.string("a\"b\\c\n\u{1}").rendered() == #""a\"b\\c\n\u0001""#)
    }

    @Test("milliseconds are integers when whole, decimals otherwise")
    func milliseconds() {
        #expect(JSONText.milliseconds(.milliseconds(120)) == .int(120))
        #expect(JSONText.milliseconds(.seconds(1) / 3).rendered() == "333.333")
        #expect(JSONText.milliseconds(.zero) == .int(0))
    }

    @Test("empty containers print compactly")
    func empty() {
        #expect(JSONText.array([]).rendered() == "[]")
        #expect(JSONText.object([]).rendered() == "{}")
    }
}
