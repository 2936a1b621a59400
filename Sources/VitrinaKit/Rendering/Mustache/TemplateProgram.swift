/// One step of a compiled template. Every field is a plain number, so the render loop copies no
/// references. A section's or block's body is the run of instructions right after it, up to `end`.
struct TemplateInstruction: Sendable {
    enum Operation: UInt8, Sendable {
        /// Bytes `first..<second` of `TemplateProgram.bytes`; `third` is where the run of neighbouring
        /// text ends and `end` the instruction after that run, for renders without indentation.
        case text
        /// Name segments `first..<first + second`, anchored when `third` is 1.
        case escapedVariable, rawVariable
        /// A name as for variables; the body runs to `end`.
        case section, inverted
        /// `strings[first]`; `third` indexes `indentations`, or is -1 for an inline partial.
        case partial
        /// `strings[first]`, `indentations[third]`, `blockSets[second]`.
        case parent
        /// `strings[first]`, `indentations[third]`; the default body runs to `end`.
        case block
    }

    var operation: Operation
    var first: Int32 = 0
    var second: Int32 = 0
    var third: Int32 = 0
    var end: Int32 = 0
}

/// A template laid out flat: the instructions in document order with their text in one byte array,
/// names, partial names and indentations in side tables. Block definitions inside a parent tag are
/// programs of their own.
final class TemplateProgram: Sendable {
    let instructions: [TemplateInstruction]
    let bytes: [UInt8]
    let segments: [String]
    /// `TemplateObject.number(_:)` of each segment, computed once here rather than at each lookup.
    let segmentNumbers: [UInt32]
    let strings: [String]
    let indentations: [[UInt8]]
    let blockSets: [[String: TemplateProgram]]

    init(_ nodes: [TemplateNode]) {
        var builder = Builder()
        builder.emit(nodes)
        instructions = builder.instructions
        bytes = builder.bytes
        segments = builder.segments
        segmentNumbers = builder.segments.map(TemplateObject.number)
        strings = builder.strings
        indentations = builder.indentations
        blockSets = builder.blockSets
    }

    private struct Builder {
        var instructions: [TemplateInstruction] = []
        var bytes: [UInt8] = []
        var segments: [String] = []
        var strings: [String] = []
        var indentations: [[UInt8]] = []
        var blockSets: [[String: TemplateProgram]] = []

        mutating func emit(_ nodes: [TemplateNode]) {
            var textRun: [Int] = []
            for node in nodes {
                if case .text(let text) = node {
                    textRun.append(instructions.count)
                    let start = Int32(bytes.count)
                    bytes.append(contentsOf: text)
                    instructions.append(TemplateInstruction(operation: .text, first: start, second: Int32(bytes.count)))
                    continue
                }
                closeTextRun(&textRun)
                switch node {
                case .text:
                    break
                case .variable(let name, let escaped):
                    instructions.append(named(escaped ? .escapedVariable : .rawVariable, name))
                case .section(let name, let body):
                    emit(named(.section, name), body: body)
                case .inverted(let name, let body):
                    emit(named(.inverted, name), body: body)
                case .partial(let name, let indentation):
                    let third = indentation.map { indentationIndex($0) } ?? -1
                    instructions.append(TemplateInstruction(operation: .partial, first: string(name), third: third))
                case .parent(let name, let indentation, let blocks):
                    blockSets.append(blocks.mapValues { TemplateProgram($0) })
                    instructions.append(
                        TemplateInstruction(
                            operation: .parent, first: string(name), second: Int32(blockSets.count - 1),
                            third: indentationIndex(indentation)
                        )
                    )
                case .block(let name, let body, let indentation):
                    let instruction = TemplateInstruction(operation: .block, first: string(name), third: indentationIndex(indentation))
                    emit(instruction, body: body)
                }
            }
            closeTextRun(&textRun)
        }

        private mutating func emit(_ instruction: TemplateInstruction, body: [TemplateNode]) {
            let index = instructions.count
            instructions.append(instruction)
            emit(body)
            instructions[index].end = Int32(instructions.count)
        }

        /// Neighbouring text instructions hold neighbouring bytes: each learns where the run ends.
        private mutating func closeTextRun(_ run: inout [Int]) {
            guard let last = run.last else { return }
            for index in run {
                instructions[index].third = instructions[last].second
                instructions[index].end = Int32(last + 1)
            }
            run.removeAll(keepingCapacity: true)
        }

        private mutating func named(_ operation: TemplateInstruction.Operation, _ name: TemplateName) -> TemplateInstruction {
            let start = Int32(segments.count)
            segments.append(contentsOf: name.segments)
            return TemplateInstruction(operation: operation, first: start, second: Int32(name.segments.count), third: name.anchored ? 1 : 0)
        }

        private mutating func string(_ value: String) -> Int32 {
            strings.append(value)
            return Int32(strings.count - 1)
        }

        private mutating func indentationIndex(_ value: [UInt8]) -> Int32 {
            indentations.append(value)
            return Int32(indentations.count - 1)
        }
    }
}
