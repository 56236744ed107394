"""Infrastructure documents as a language of their own: CDK, ASL, SAM/CloudFormation, mocks."""
