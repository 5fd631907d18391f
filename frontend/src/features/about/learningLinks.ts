/**
 * The About page's learning resources: reputable, free or widely used places to learn AI,
 * grouped by kind. Every URL is the resource's own canonical home (course site, arXiv abstract,
 * official documentation, community home); none is a tracking or affiliate link.
 */
export interface LearningLink {
  title: string;
  url: string;
  /** Who publishes it, or one line on why it is worth the time. */
  note: string;
}

export interface LearningGroup {
  heading: string;
  intro: string;
  links: LearningLink[];
}

export const LEARNING_GROUPS: LearningGroup[] = [
  {
    heading: 'Courses',
    intro: 'Structured paths from first principles to working models.',
    links: [
      { title: 'Machine Learning Specialization', url: 'https://www.coursera.org/specializations/machine-learning-introduction', note: 'Andrew Ng, DeepLearning.AI and Stanford' },
      { title: 'Deep Learning Specialization', url: 'https://www.coursera.org/specializations/deep-learning', note: 'DeepLearning.AI' },
      { title: 'Practical Deep Learning for Coders', url: 'https://course.fast.ai/', note: 'fast.ai, code first' },
      { title: 'CS229: Machine Learning', url: 'https://cs229.stanford.edu/', note: 'Stanford University' },
      { title: 'CS231n: Deep Learning for Computer Vision', url: 'https://cs231n.stanford.edu/', note: 'Stanford University' },
      { title: 'CS224N: Natural Language Processing with Deep Learning', url: 'https://web.stanford.edu/class/cs224n/', note: 'Stanford University' },
      { title: 'MIT 6.S191: Introduction to Deep Learning', url: 'https://introtodeeplearning.com/', note: 'MIT' },
      { title: 'Machine Learning Crash Course', url: 'https://developers.google.com/machine-learning/crash-course', note: 'Google' },
      { title: 'Hugging Face Learn', url: 'https://huggingface.co/learn', note: 'LLM, agents, diffusion and more' },
      { title: 'DeepLearning.AI Short Courses', url: 'https://www.deeplearning.ai/short-courses/', note: 'One-hour courses on building with LLMs' },
      { title: 'Elements of AI', url: 'https://www.elementsofai.com/', note: 'University of Helsinki, no code required' },
      { title: 'Full Stack Deep Learning', url: 'https://fullstackdeeplearning.com/', note: 'Shipping ML products end to end' },
    ],
  },
  {
    heading: 'Free books',
    intro: 'The textbooks practitioners keep coming back to, free to read online.',
    links: [
      { title: 'Dive into Deep Learning', url: 'https://d2l.ai/', note: 'Interactive, with runnable code' },
      { title: 'Deep Learning', url: 'https://www.deeplearningbook.org/', note: 'Goodfellow, Bengio and Courville' },
      { title: 'An Introduction to Statistical Learning', url: 'https://www.statlearning.com/', note: 'James, Witten, Hastie, Tibshirani' },
      { title: 'Mathematics for Machine Learning', url: 'https://mml-book.github.io/', note: 'Deisenroth, Faisal and Ong' },
      { title: 'Understanding Deep Learning', url: 'https://udlbook.github.io/udlbook/', note: 'Simon J. D. Prince' },
    ],
  },
  {
    heading: 'Landmark papers',
    intro: 'The papers behind today\u2019s models, worth reading in the original.',
    links: [
      { title: 'Attention Is All You Need', url: 'https://arxiv.org/abs/1706.03762', note: 'The Transformer (2017)' },
      { title: 'Deep Residual Learning for Image Recognition', url: 'https://arxiv.org/abs/1512.03385', note: 'ResNet (2015)' },
      { title: 'Adam: A Method for Stochastic Optimization', url: 'https://arxiv.org/abs/1412.6980', note: 'The default optimiser (2014)' },
      { title: 'BERT: Pre-training of Deep Bidirectional Transformers', url: 'https://arxiv.org/abs/1810.04805', note: 'Pre-training for language understanding (2018)' },
      { title: 'Language Models are Few-Shot Learners', url: 'https://arxiv.org/abs/2005.14165', note: 'GPT-3 (2020)' },
      { title: 'Scaling Laws for Neural Language Models', url: 'https://arxiv.org/abs/2001.08361', note: 'How loss falls with scale (2020)' },
      { title: 'Retrieval-Augmented Generation for Knowledge-Intensive NLP', url: 'https://arxiv.org/abs/2005.11401', note: 'RAG (2020)' },
      { title: 'Training Language Models to Follow Instructions', url: 'https://arxiv.org/abs/2203.02155', note: 'InstructGPT and RLHF (2022)' },
      { title: 'arXiv: Machine Learning, recent', url: 'https://arxiv.org/list/cs.LG/recent', note: 'Where new work appears first' },
    ],
  },
  {
    heading: 'Documentation and tools',
    intro: 'The official guides for the tools named in most AI job postings.',
    links: [
      { title: 'PyTorch Tutorials', url: 'https://pytorch.org/tutorials/', note: 'PyTorch Foundation' },
      { title: 'TensorFlow Tutorials', url: 'https://www.tensorflow.org/tutorials', note: 'Google' },
      { title: 'JAX Documentation', url: 'https://jax.readthedocs.io/', note: 'Google' },
      { title: 'scikit-learn User Guide', url: 'https://scikit-learn.org/stable/user_guide.html', note: 'Classical ML, done right' },
      { title: 'Hugging Face Transformers', url: 'https://huggingface.co/docs/transformers/index', note: 'Pretrained models in a few lines' },
      { title: 'CUDA C++ Programming Guide', url: 'https://docs.nvidia.com/cuda/cuda-c-programming-guide/', note: 'NVIDIA' },
      { title: 'Kubernetes Documentation', url: 'https://kubernetes.io/docs/home/', note: 'Where most training and serving runs' },
      { title: 'OpenAI API Documentation', url: 'https://platform.openai.com/docs', note: 'Building on GPT models' },
      { title: 'Anthropic Documentation', url: 'https://docs.anthropic.com/', note: 'Building on Claude models' },
    ],
  },
  {
    heading: 'Communities',
    intro: 'Places to ask questions, share work and meet the people hiring.',
    links: [
      { title: 'Kaggle', url: 'https://www.kaggle.com/', note: 'Competitions, datasets and notebooks' },
      { title: 'Hugging Face Hub', url: 'https://huggingface.co/', note: 'Open models, datasets and demos' },
      { title: 'r/MachineLearning', url: 'https://www.reddit.com/r/MachineLearning/', note: 'Research news and discussion' },
      { title: 'PyTorch Forums', url: 'https://discuss.pytorch.org/', note: 'Help from PyTorch users and developers' },
      { title: 'fast.ai Forums', url: 'https://forums.fast.ai/', note: 'A friendly place to start' },
      { title: 'Stack Overflow: machine-learning', url: 'https://stackoverflow.com/questions/tagged/machine-learning', note: 'Questions and answers' },
      { title: 'GitHub Topics: machine-learning', url: 'https://github.com/topics/machine-learning', note: 'Open-source projects to learn from and contribute to' },
      { title: 'EleutherAI', url: 'https://www.eleuther.ai/', note: 'Open research community' },
    ],
  },
  {
    heading: 'Responsible AI',
    intro: 'Frameworks that shape how AI is built and governed.',
    links: [
      { title: 'NIST AI Risk Management Framework', url: 'https://www.nist.gov/itl/ai-risk-management-framework', note: 'US National Institute of Standards and Technology' },
      { title: 'OECD.AI Policy Observatory', url: 'https://oecd.ai/', note: 'AI policy across countries' },
    ],
  },
];
