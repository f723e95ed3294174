/// Every feel a scroll view can run, UIKit's own first. A new model is one folder under
/// `Models/` and one entry here.
public enum FeelZoo {
    /// The name of the default model, UIKit's.
    public static let uikit = UIKitModel.name

    public static let models: [any FeelModel.Type] = [
        UIKitModel.self,
        FlutterBouncingModel.self,
        FlutterClampingModel.self,
        AndroidModel.self,
        SwiperModel.self,
        FramerModel.self
    ]

    /// Every model name, UIKit's first.
    public static var names: [String] { models.map { $0.name } }

    /// The model type called `name`, or nil.
    public static func model(named name: String) -> (any FeelModel.Type)? {
        models.first { $0.name == name }
    }

    /// A model at its defaults with `pairs` set; an unknown model or key is one error naming it.
    public static func make(_ name: String, _ pairs: [(key: String, value: ParameterValue)]) throws(ModelParameterError)
        -> any FeelModel
    {
        guard let type = model(named: name) else {
            throw ModelParameterError("unknown model \"\(name)\" (models: \(names.joined(separator: ", ")))")
        }
        return try type.make(pairs)
    }
}
