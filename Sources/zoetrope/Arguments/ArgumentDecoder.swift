/// Hands the parsed values to a command's `Decodable` initializer: each property wrapper decodes
/// its own value, found by its coding path.
struct ArgumentDecoder: Decoder {
    /// Values by ``ArgumentDefinition/key``, every argument's (defaults filled in).
    let values: [String: Any]
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Container<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "arguments are keyed"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: codingPath,
                                                          debugDescription: "a command's properties must be arguments"))
    }

    /// The value of the argument whose property `decoder` is decoding.
    static func value<Value>(_ type: Value.Type, from decoder: any Decoder) throws -> Value {
        let key = decoder.codingPath.map(\.stringValue).joined(separator: ".")
        guard let decoder = decoder as? ArgumentDecoder, let value = decoder.values[key] as? Value else {
            throw DecodingError.valueNotFound(Value.self, .init(codingPath: decoder.codingPath,
                                                                debugDescription: "no parsed value for \(key)"))
        }
        return value
    }

    private struct Container<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: ArgumentDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool { true }

        func decodeNil(forKey key: Key) throws -> Bool { false }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try T(from: ArgumentDecoder(values: decoder.values, codingPath: codingPath + [key]))
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                                   forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try ArgumentDecoder(values: decoder.values, codingPath: codingPath + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try ArgumentDecoder(values: decoder.values, codingPath: codingPath + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { decoder }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            ArgumentDecoder(values: decoder.values, codingPath: codingPath + [key])
        }
    }
}
