import AuthCore
import Observation
