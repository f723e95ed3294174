import BlindTest
import Scenes
import ScrollPhysics

/// What the panel's *Blind test* section asks for.
public struct BlindRequest: Equatable, Sendable {
    public var mode: BlindMode
    public var trials: Int
    public var practice: Int
    public var participant: String
    /// The results file (JSON Lines, appended to).
    public var path: String
    /// Measure the just-noticeable difference of this parameter of A's feel instead of comparing A and B.
    public var staircaseKey: String?

    public init(
        mode: BlindMode, trials: Int, practice: Int, participant: String, path: String, staircaseKey: String? = nil
    ) {
        self.mode = mode
        self.trials = trials
        self.practice = practice
        self.participant = participant
        self.path = path
        self.staircaseKey = staircaseKey
    }
}

/// A blind test the window is to run: the request with the sides' feels, the scene and its layout.
public struct BlindTestPlan: Equatable, Sendable {
    public var request: BlindRequest
    public var feelA: Feel
    public var feelB: Feel
    public var nameA: String
    public var nameB: String
    public var scene: SceneSetup
    public var viewport: Size
    /// The scene's layout values (cell width, spacing, …) as the playground has them.
    public var layout: [String: Double]

    /// The run's setup with `seed`; `stamp` names the run. Nil (with the reason) when the
    /// staircase's parameter cannot be stepped.
    public func setup(seed: UInt64, stamp: String) -> Result<BlindSetup, BlindPlanError> {
        let run = "\(request.participant)-\(seed)-\(stamp)"
        guard let key = request.staircaseKey else {
            return .success(
                BlindSetup(
                    mode: request.mode, trials: request.trials, practice: request.practice, seed: seed,
                    participant: request.participant, run: run, feelA: feelA, feelB: feelB, nameA: nameA, nameB: nameB))
        }
        guard let row = feelA.model.rows.first(where: { $0.key == key }), let step = ParameterStep(row) else {
            return .failure(
                BlindPlanError(
                    message: "\(key) cannot be stepped by a staircase (not a continuous value with room in its range)"))
        }
        let track = Staircase(
            start: step.startDifference, down: 3, reversals: 20, minimum: step.maximumDifference * 1e-6,
            maximum: step.maximumDifference)
        return .success(
            BlindSetup(
                mode: .abx, trials: request.trials, practice: request.practice, seed: seed,
                participant: request.participant, run: run, feelA: feelA, feelB: feelA, nameA: nameA,
                nameB: "\(key) staircase", staircase: (step, track)))
    }
}

public struct BlindPlanError: Error, Equatable, Sendable { public let message: String }
