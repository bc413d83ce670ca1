import AuthCore
import AuthCrypto
import AuthStorage
import AuthViewModels
