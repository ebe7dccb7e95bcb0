import InkFixtures
import Testing
