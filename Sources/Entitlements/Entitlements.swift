// Entitlements: free-vs-Pro rules and verified purchase proofs.
