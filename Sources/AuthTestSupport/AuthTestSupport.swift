import AuthCore
import AuthViewModels
