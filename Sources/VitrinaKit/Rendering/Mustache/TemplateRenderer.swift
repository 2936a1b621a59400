/// Renders compiled programs into a byte buffer with swift-mustache 2.1.1's semantics
/// (`Template+Render.swift`, `Context.swift`): the context stack, section rules, block overrides and
/// partial indentation.
struct TemplateRenderer {
    let templates: [String: CompiledTemplate]
    var stack: [TemplateValue]

    init(templates: [String: CompiledTemplate], root: TemplateValue) {
        self.templates = templates
        stack = [root]
        stack.reserveCapacity(16)
    }

    mutating func render(
        _ program: TemplateProgram,
        indentation: [UInt8],
        overrides: [String: TemplateProgram],
        into buffer: inout [UInt8]
    ) {
        render(program, from: 0, to: program.instructions.count, indentation: indentation, overrides: overrides, into: &buffer)
    }

    /// One `render(context:)` of the original, over instructions `start..<end`. With an indentation, a
    /// token's output that starts while this call's own output ends in a `\n` character (not `\r\n`)
    /// gets the indentation first; output of nested calls (section elements, partials) is judged on
    /// its own, as there.
    private mutating func render(
        _ program: TemplateProgram,
        from start: Int,
        to end: Int,
        indentation: [UInt8],
        overrides: [String: TemplateProgram],
        into buffer: inout [UInt8]
    ) {
        var index = start
        if indentation.isEmpty {
            while index < end {
                index = step(program, at: index, merging: true, indentation: indentation, overrides: overrides, into: &buffer)
            }
            return
        }
        let outputStart = buffer.count
        while index < end {
            let before = buffer.count
            let atLineStart = before > outputStart && buffer[before - 1] == 0x0A
                && (before - 1 == outputStart || buffer[before - 2] != 0x0D)
            index = step(program, at: index, merging: false, indentation: indentation, overrides: overrides, into: &buffer)
            if atLineStart, buffer.count > before {
                buffer.insert(contentsOf: indentation, at: before)
            }
        }
    }

    /// Runs the instruction at `index` and returns the index of the next one at the same level.
    private mutating func step(
        _ program: TemplateProgram,
        at index: Int,
        merging: Bool,
        indentation: [UInt8],
        overrides: [String: TemplateProgram],
        into buffer: inout [UInt8]
    ) -> Int {
        let instruction = program.instructions[index]
        switch instruction.operation {
        case .text:
            let last = merging ? instruction.third : instruction.second
            program.bytes.withUnsafeBufferPointer { bytes in
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[Int(instruction.first)..<Int(last)]))
            }
            return merging ? Int(instruction.end) : index + 1

        case .escapedVariable, .rawVariable:
            if let value = lookup(instruction, in: program) {
                append(value, escaped: instruction.operation == .escapedVariable, to: &buffer)
            }
            return index + 1

        case .section:
            let bodyEnd = Int(instruction.end)
            switch lookup(instruction, in: program) {
            case .list(let elements)?:
                for element in elements {
                    stack.append(element)
                    render(program, from: index + 1, to: bodyEnd, indentation: indentation, overrides: overrides, into: &buffer)
                    stack.removeLast()
                }
            case .bool(let flag)?:
                if flag {
                    render(program, from: index + 1, to: bodyEnd, indentation: indentation, overrides: overrides, into: &buffer)
                }
            case let value?:
                stack.append(value)
                render(program, from: index + 1, to: bodyEnd, indentation: indentation, overrides: overrides, into: &buffer)
                stack.removeLast()
            case nil:
                break
            }
            return bodyEnd

        case .inverted:
            let bodyEnd = Int(instruction.end)
            switch lookup(instruction, in: program) {
            case .list(let elements)?:
                if elements.isEmpty {
                    stack.append(.list(elements))
                    render(program, from: index + 1, to: bodyEnd, indentation: indentation, overrides: overrides, into: &buffer)
                    stack.removeLast()
                }
            case .bool(let flag)?:
                if !flag {
                    render(program, from: index + 1, to: bodyEnd, indentation: indentation, overrides: overrides, into: &buffer)
                }
            case .some:
                break
            case nil:
                render(program, from: index + 1, to: bodyEnd, indentation: indentation, overrides: overrides, into: &buffer)
            }
            return bodyEnd

        case .partial:
            if let template = templates[program.strings[Int(instruction.first)]] {
                let inner = instruction.third < 0
                    ? indentation : Self.join(indentation, program.indentations[Int(instruction.third)])
                render(template.program, indentation: inner, overrides: overrides, into: &buffer)
            }
            return index + 1

        case .parent:
            if let template = templates[program.strings[Int(instruction.first)]] {
                render(
                    template.program,
                    indentation: Self.join(indentation, program.indentations[Int(instruction.third)]),
                    overrides: Self.merge(overrides, program.blockSets[Int(instruction.second)]),
                    into: &buffer
                )
            }
            return index + 1

        case .block:
            let bodyEnd = Int(instruction.end)
            let inner = Self.join(indentation, program.indentations[Int(instruction.third)])
            if let override = overrides[program.strings[Int(instruction.first)]] {
                render(override, indentation: inner, overrides: overrides, into: &buffer)
            } else {
                render(program, from: index + 1, to: bodyEnd, indentation: inner, overrides: overrides, into: &buffer)
            }
            return bodyEnd
        }
    }

    /// The first segment is searched down the stack from the top (only the top when anchored);
    /// the rest only inside what it found.
    private func lookup(_ instruction: TemplateInstruction, in program: TemplateProgram) -> TemplateValue? {
        let count = Int(instruction.second)
        if count == 0 { return stack[stack.count - 1] }
        let first = Int(instruction.first)
        let key = program.segments[first]
        let number = program.segmentNumbers[first]
        var value: TemplateValue
        if instruction.third == 1 {
            guard case .object(let fields) = stack[stack.count - 1], let found = fields.value(of: key, number: number) else { return nil }
            value = found
        } else {
            var level = stack.count - 1
            while true {
                if case .object(let fields) = stack[level], let found = fields.value(of: key, number: number) {
                    value = found
                    break
                }
                if level == 0 { return nil }
                level -= 1
            }
        }
        var segment = first + 1
        while segment < first + count {
            guard case .object(let fields) = value,
                  let found = fields.value(of: program.segments[segment], number: program.segmentNumbers[segment]) else { return nil }
            value = found
            segment += 1
        }
        return value
    }

    private func append(_ value: TemplateValue, escaped: Bool, to buffer: inout [UInt8]) {
        switch value {
        case .string(var string):
            if escaped {
                HTMLEscape.append(string, to: &buffer)
            } else {
                string.withUTF8 { buffer.append(contentsOf: $0) }
            }
        case .int(let number):
            var text = String(number)
            text.withUTF8 { buffer.append(contentsOf: $0) }
        case .double(let number):
            var text = number.description
            text.withUTF8 { buffer.append(contentsOf: $0) }
        case .bool(let flag):
            buffer.append(contentsOf: flag ? Self.trueText : Self.falseText)
        case .list, .object:
            var text = value.text
            if escaped {
                HTMLEscape.append(text, to: &buffer)
            } else {
                text.withUTF8 { buffer.append(contentsOf: $0) }
            }
        }
    }

    private static let trueText: [UInt8] = Array("true".utf8)
    private static let falseText: [UInt8] = Array("false".utf8)

    private static func join(_ outer: [UInt8], _ inner: [UInt8]) -> [UInt8] {
        if outer.isEmpty { return inner }
        if inner.isEmpty { return outer }
        return outer + inner
    }

    /// Overrides already in force win over the ones a nested parent tag brings, as in the original's
    /// `withPartial(indented:inheriting:)`.
    private static func merge(
        _ outer: [String: TemplateProgram],
        _ inner: [String: TemplateProgram]
    ) -> [String: TemplateProgram] {
        if outer.isEmpty { return inner }
        if inner.isEmpty { return outer }
        return outer.merging(inner) { kept, _ in kept }
    }
}
