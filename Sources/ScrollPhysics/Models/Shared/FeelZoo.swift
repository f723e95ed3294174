/// The platform models beside the built-in UIKit physics (`ScrollParameters`, model name
/// `"uikit"`). A new model is one folder under `Models/` and one entry here.
public enum FeelZoo {
    /// The name of the built-in model.
    public static let uikit = "uikit"

    public static let models: [any FeelModel.Type] = [
        FlutterBouncingModel.self,
        FlutterClampingModel.self,
        AndroidModel.self,
        SwiperModel.self,
        FramerModel.self,
    ]

    /// Every model name, the built-in first.
    public static var names: [String] { [uikit] + models.map { $0.name } }

    /// The model type called `name`, or nil (also for `"uikit"`).
    public static func model(named name: String) -> (any FeelModel.Type)? {
        models.first { $0.name == name }
    }

    /// A model at its defaults with `pairs` set; an unknown model or key is one error naming it.
    public static func make(_ name: String, _ pairs: [(key: String, value: ParameterValue)]) throws(ModelParameterError) -> any FeelModel {
        guard let type = model(named: name) else {
            throw ModelParameterError("unknown model \"\(name)\" (models: \(names.joined(separator: ", ")))")
        }
        return try type.make(pairs)
    }
}
