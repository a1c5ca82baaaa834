// The grab-bag module's old name, kept while AppEventsTests (rewritten elsewhere) still import it
// for SplitMix64; it goes once they import GestureSynthesis.
@_exported import GestureSynthesis
