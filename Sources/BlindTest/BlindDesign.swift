import Randomness

/// What a blind test asks.
public enum BlindMode: String, CaseIterable, Sendable {
    /// Three phones, A, B and X; X runs A's feel or B's: is X A or B? (discrimination)
    case abx
    /// Two phones, the two feels in random order: which feels better? (two-alternative preference)
    case preference
    /// Two phones running the same feel or the two different ones: same or different?
    case sameDifferent = "same-different"

    /// The phones shown in a trial.
    public var phoneCount: Int { self == .abx ? 3 : 2 }

    /// What the participant is asked, shown above the phones (no names, no numbers).
    public var question: String {
        switch self {
        case .abx: return "Flick A, B and X as much as you like. Does X feel like A or like B?"
        case .preference: return "Flick both as much as you like. Which one feels better?"
        case .sameDifferent: return "Flick both as much as you like. Do they feel the same or different?"
        }
    }

    /// The phones' labels: roles, never what runs on them.
    public var phoneLabels: [String] {
        switch self {
        case .abx: return ["A", "B", "X"]
        case .preference, .sameDifferent: return ["Left", "Right"]
        }
    }

    /// The answers, in the order of their buttons, with their keys.
    public var answers: [BlindAnswer] {
        switch self {
        case .abx: return [.xIsA, .xIsB]
        case .preference: return [.left, .right]
        case .sameDifferent: return [.same, .different]
        }
    }

    /// The statistics' design (preference has no correct answer and no d′).
    var design: Statistics.Design? {
        switch self {
        case .abx: return .abx
        case .sameDifferent: return .sameDifferent
        case .preference: return nil
        }
    }
}

/// One answer a participant can give.
public enum BlindAnswer: String, CaseIterable, Sendable {
    case xIsA = "A", xIsB = "B", left, right, same, different

    /// The button's text.
    public var title: String {
        switch self {
        case .xIsA: return "X is A"
        case .xIsB: return "X is B"
        case .left: return "Left feels better"
        case .right: return "Right feels better"
        case .same: return "Same"
        case .different: return "Different"
        }
    }

    /// The keys that give it, as shown on its button.
    public var keys: String {
        switch self {
        case .xIsA: return "← or A"
        case .xIsB: return "→ or B"
        case .left: return "←"
        case .right: return "→"
        case .same: return "S"
        case .different: return "D"
        }
    }
}

/// The two feels under test.
public enum FeelSlot: String, Sendable { case a, b }

/// Which feel runs on each phone of a trial, in the phones' order (ABX: A, B, X; otherwise left,
/// right).
public struct TrialAssignment: Equatable, Sendable {
    public var phones: [FeelSlot]

    public init(_ phones: [FeelSlot]) { self.phones = phones }

    /// The answer that is right, if the mode has one: the ABX phone whose feel X runs; "same"
    /// when both phones run one feel.
    public func correctAnswer(in mode: BlindMode) -> BlindAnswer? {
        switch mode {
        case .abx: return phones[2] == phones[0] ? .xIsA : .xIsB
        case .sameDifferent: return phones[0] == phones[1] ? .same : .different
        case .preference: return nil
        }
    }

    /// The feel a preference answer chose.
    public func preferred(by answer: BlindAnswer) -> FeelSlot? {
        switch answer {
        case .left: return phones[0]
        case .right: return phones[1]
        default: return nil
        }
    }
}

extension TrialAssignment {
    /// A random assignment for `mode`: ABX puts the feels on A and B in random order and X on
    /// one of them at random; preference puts them left and right in random order; same–different
    /// shows the same feel (either) or both (in either order), each with probability ½.
    public static func random(_ mode: BlindMode, using generator: inout SeededGenerator) -> TrialAssignment {
        let first: FeelSlot = generator.coin() ? .a : .b
        let second: FeelSlot = first == .a ? .b : .a
        switch mode {
        case .abx:
            return TrialAssignment([first, second, generator.coin() ? first : second])
        case .preference:
            return TrialAssignment([first, second])
        case .sameDifferent:
            return generator.coin() ? TrialAssignment([first, first]) : TrialAssignment([first, second])
        }
    }
}
